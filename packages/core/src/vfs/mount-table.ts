import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import type { RightsToken } from './file-rights.js';
import type { MountDefinition } from './mount.js';
import { MountError } from './mount-error.js';

/** A mount in use: its definition with the physical folder's real path. */
export interface ActiveMount extends Required<MountDefinition> {
  /** The physical folder with symbolic links resolved; where things land is judged against it. */
  readonly realRoot: string;
}

/** Who looks: the host sees every mount, agents only those not marked internal. */
export type Audience = 'host' | 'agent';

/** Where a real path lies: the mount holding it, the sub-path rights there, and its virtual name. */
export interface Place {
  readonly mount: ActiveMount;
  /** Relative to the mount's real root, `/`-separated; `''` for the root itself. */
  readonly relative: string;
  readonly rights: RightsToken;
  readonly virtualPath: string;
  /** The mount's root or a sub-path override's root: never deleted. */
  readonly isRoot: boolean;
}

/**
 * The mounts of one file system. It answers two questions: which mount a written
 * virtual path starts in (longest virtual root), and which mount and rights hold a
 * real path on this machine (longest real root). Rights are always taken from the
 * second answer, so a link cannot carry the rights of the place it is written in.
 */
export class MountTable {
  /** Longest virtual root first. */
  readonly mounts: readonly ActiveMount[];

  private constructor(mounts: readonly ActiveMount[]) {
    this.mounts = [...mounts].sort((a, b) => b.virtual.length - a.virtual.length);
  }

  /** Checks that each folder exists and records its real path. Fails with a `MountError` naming the fix. */
  static async activate(definitions: readonly MountDefinition[]): Promise<MountTable> {
    const byRoot = new Map<string, MountDefinition>();
    for (const mount of definitions) {
      const clash = byRoot.get(mount.virtual);
      if (clash !== undefined) {
        throw new MountError(
          `Two mounts use the virtual root '${mount.virtual}' (${clash.physical} and ${mount.physical}). Each root may be mounted once.`,
        );
      }
      byRoot.set(mount.virtual, mount);
    }
    return new MountTable(await Promise.all(definitions.map(activateMount)));
  }

  visible(audience: Audience): readonly ActiveMount[] {
    return audience === 'host' ? this.mounts : this.mounts.filter((mount) => mount.visibility === 'agent');
  }

  /** The visible mount a normalised virtual path is written under. */
  byVirtualPath(virtualPath: string, audience: Audience): ActiveMount | undefined {
    return this.visible(audience).find(
      (mount) => virtualPath === mount.virtual || virtualPath.startsWith(`${mount.virtual}/`),
    );
  }

  /**
   * The place of a real path, judged over every mount (internal ones too, so a folder
   * of an internal mount inside an agent mount stays internal). `undefined` when it is
   * in no mount or only in mounts the audience cannot see. When several mounts share
   * the longest real root, the one the path was written under wins, else the one with
   * the fewest rights.
   */
  placeOf(realPath: string, audience: Audience, writtenUnder?: ActiveMount): Place | undefined {
    let best: ActiveMount[] = [];
    for (const mount of this.mounts) {
      if (!contains(mount.realRoot, realPath)) continue;
      if (best.length === 0 || mount.realRoot.length > (best[0]?.realRoot.length ?? 0)) best = [mount];
      else if (mount.realRoot.length === best[0]?.realRoot.length) best.push(mount);
    }
    const candidates = audience === 'host' ? best : best.filter((mount) => mount.visibility === 'agent');
    const root = candidates[0]?.realRoot;
    if (root === undefined) return undefined;
    const relative =
      realPath === root ? '' : toSlashes(realPath.slice(root.endsWith(sep) ? root.length : root.length + 1));
    const places = candidates.map((mount) => placeIn(mount, relative));
    const written = places.find((place) => place.mount === writtenUnder);
    if (written !== undefined) return written;
    return places.reduce((fewest, place) => (rank(place.rights) < rank(fewest.rights) ? place : fewest));
  }

  /** Roots of mounts (physical and real) and of sub-path overrides that lie strictly below `realPath`. */
  rootsBelow(realPath: string): string[] {
    const roots = this.mounts.flatMap((mount) => [
      mount.realRoot,
      mount.physical,
      ...mount.overrides.map((override) => `${mount.realRoot}${sep}${override.path.split('/').join(sep)}`),
    ]);
    return roots.filter((root) => root !== realPath && contains(realPath, root));
  }
}

function placeIn(mount: ActiveMount, relative: string): Place {
  const override = mount.overrides.find(
    (candidate) => relative === candidate.path || relative.startsWith(`${candidate.path}/`),
  );
  return {
    mount,
    relative,
    rights: override?.rights ?? mount.rights,
    virtualPath: relative === '' ? mount.virtual : `${mount.virtual}/${relative}`,
    isRoot: relative === '' || override?.path === relative,
  };
}

async function activateMount(mount: MountDefinition): Promise<ActiveMount> {
  let stats: Stats;
  try {
    stats = await stat(mount.physical);
  } catch {
    throw new MountError(
      `Mount '${mount.virtual}': the folder '${mount.physical}' does not exist. Create it or fix the mount.`,
    );
  }
  if (!stats.isDirectory()) {
    throw new MountError(`Mount '${mount.virtual}': '${mount.physical}' is not a folder. Mount a folder.`);
  }
  return {
    physical: mount.physical,
    virtual: mount.virtual,
    rights: mount.rights,
    // Longest first: the first match is the longest-prefix match.
    overrides: [...(mount.overrides ?? [])].sort((a, b) => b.path.length - a.path.length),
    visibility: mount.visibility ?? 'agent',
    realRoot: await realpath(mount.physical),
  };
}

/** True when `path` is `folder` or lies below it. */
export function contains(folder: string, path: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

function toSlashes(relative: string): string {
  return sep === '/' ? relative : relative.split(sep).join('/');
}

/** ro < rwnd < rw: each token's rights include those of the one before. */
const rankOf: Readonly<Record<RightsToken, number>> = { ro: 0, rwnd: 1, rw: 2 };

function rank(token: RightsToken): number {
  return rankOf[token];
}
