import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { hardLinkRefusal } from './file-content.js';
import { describeRights, type FileRight, rightsTokens } from './file-rights.js';
import type { ActiveMount, Audience, MountTable, Place } from './mount-table.js';
import { ioFailure, runIo } from './vfs-io.js';
import { failure, success, type VfsResult } from './vfs-result.js';
import { normalizeVirtualPath } from './virtual-path.js';

/** A written virtual path followed on disk to where it lands. */
export interface Located {
  /** The path as written, normalised. */
  readonly virtualPath: string;
  /** The mount the path is written under (where the walk starts). */
  readonly mount: ActiveMount;
  /** The real target: the existing part with every link resolved, then the missing names. */
  readonly physicalPath: string;
  readonly exists: boolean;
  /** The target's status (links followed); absent when it does not exist. */
  readonly stats: Stats | undefined;
  /** Where the target lies: its mount and rights decide every check. */
  readonly place: Place;
  /** The deepest part of the path that exists, real. */
  readonly existingReal: string;
  /** Names below `existingReal` that do not exist yet. */
  readonly missing: readonly string[];
}

/** The entry a delete removes: the last name of the path in its real folder (a link itself, not its target). */
export interface Entry {
  readonly virtualPath: string;
  readonly entryPath: string;
  readonly place: Place;
  readonly stats: Stats;
}

const shownInputLength = 200;

/**
 * Resolves virtual paths against a mount table for one audience. Rights are never
 * taken from the path as written: the path is followed on disk (every component,
 * links included), and the mount and sub-path that hold the real target decide.
 */
export class MountResolver {
  readonly #table: MountTable;
  readonly #audience: Audience;
  readonly #redact: (text: string) => string;

  constructor(table: MountTable, audience: Audience, redact: (text: string) => string) {
    this.#table = table;
    this.#audience = audience;
    this.#redact = redact;
  }

  async locate(input: string): Promise<VfsResult<Located>> {
    const written = this.#written(input);
    if (!written.ok) return written;
    const { virtualPath, mount, relative } = written.value;
    const lexical = relative === '' ? mount.realRoot : join(mount.realRoot, ...relative.split('/'));
    const missing: string[] = [];
    let probe = lexical;
    for (;;) {
      try {
        await lstat(probe);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'ENOENT' && code !== 'ENOTDIR') || probe === mount.realRoot) {
          return failure(
            'IO_ERROR',
            `Cannot reach '${virtualPath}': ${this.#redact(String((error as Error).message))}`,
          );
        }
        missing.unshift(basename(probe));
        probe = dirname(probe);
      }
    }
    let existingReal: string;
    try {
      existingReal = await realpath(probe);
    } catch {
      return failure('OUTSIDE_MOUNT', `Access denied for '${virtualPath}': it is a symbolic link that leads nowhere.`);
    }
    const physicalPath = missing.length === 0 ? existingReal : join(existingReal, ...missing);
    const place = this.#table.placeOf(physicalPath, this.#audience, mount);
    if (place === undefined) return outside(virtualPath, mount, physicalPath !== lexical);
    const exists = missing.length === 0;
    const stats = exists ? await runIo(virtualPath, () => stat(existingReal), this.#redact) : success(undefined);
    if (!stats.ok) return stats;
    return success({ virtualPath, mount, physicalPath, exists, stats: stats.value, place, existingReal, missing });
  }

  /**
   * Read and Write are judged where the target lies; Create in every folder the call
   * would create something in (the real parent, then each missing folder); Delete is
   * judged on the entry (see `locateEntry`). A regular file with more than one hard
   * link may be the same file as one outside the mounts, so it is neither read nor written.
   */
  async require(located: Located, right: FileRight): Promise<VfsResult<never> | undefined> {
    if (right === 'Create') return this.#requireCreate(located);
    if (right === 'Delete') {
      const entry = await this.locateEntry(located.virtualPath);
      return entry.ok ? undefined : entry;
    }
    const { stats, virtualPath } = located;
    if (stats?.isFile() === true && stats.nlink > 1) return hardLinkRefusal(virtualPath, stats.nlink);
    return this.#requireAt(virtualPath, located.place, right);
  }

  /** The entry a delete of `input` removes, checked: it exists, is no root, and its real place allows Delete. */
  async locateEntry(input: string): Promise<VfsResult<Entry>> {
    const written = this.#written(input);
    if (!written.ok) return written;
    const { virtualPath, mount, relative } = written.value;
    if (relative === '') return rootRefusal(virtualPath);
    const parent = await this.locate(virtualPath.slice(0, virtualPath.lastIndexOf('/')) || '/');
    if (!parent.ok) return parent;
    if (!parent.value.exists) return failure('NOT_FOUND', `'${virtualPath}' does not exist.`);
    const entryPath = join(parent.value.physicalPath, virtualPath.slice(virtualPath.lastIndexOf('/') + 1));
    const place = this.#table.placeOf(entryPath, this.#audience, mount);
    if (place === undefined) return outside(virtualPath, mount, false);
    if (place.isRoot) return rootRefusal(virtualPath);
    const refused = this.#requireAt(virtualPath, place, 'Delete');
    if (refused !== undefined) return refused;
    try {
      return success({ virtualPath, entryPath, place, stats: await lstat(entryPath) });
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? failure('NOT_FOUND', `'${virtualPath}' does not exist.`)
        : ioFailure(virtualPath, error, this.#redact);
    }
  }

  /** The place of a real path for this audience (`undefined`: hidden or outside the mounts). */
  placeOf(realPath: string): Place | undefined {
    return this.#table.placeOf(realPath, this.#audience);
  }

  #requireCreate(located: Located): VfsResult<never> | undefined {
    const { existingReal, missing, virtualPath, mount } = located;
    // Nothing to create: judged where the path lies, like Write.
    if (missing.length === 0) return this.#requireAt(virtualPath, located.place, 'Create');
    // Each folder something is created in: the real parent, then each missing folder but the last name.
    const folders = [existingReal];
    for (const name of missing.slice(0, -1)) folders.push(join(folders.at(-1) ?? existingReal, name));
    for (const folder of folders) {
      const place = this.#table.placeOf(folder, this.#audience, mount);
      if (place === undefined) return outside(virtualPath, mount, true);
      if (!rightsTokens[place.rights].includes('Create')) {
        return failure(
          'ACCESS_DENIED',
          `Access denied for '${virtualPath}': required Create in '${place.virtualPath}', effective ${describeRights(place.rights)}.`,
        );
      }
    }
    return undefined;
  }

  #requireAt(virtualPath: string, place: Place, right: FileRight): VfsResult<never> | undefined {
    if (rightsTokens[place.rights].includes(right)) return undefined;
    const leads = place.virtualPath === virtualPath ? '' : ` (it leads to '${place.virtualPath}')`;
    return failure(
      'ACCESS_DENIED',
      `Access denied for '${virtualPath}'${leads}: required ${right}, effective ${describeRights(place.rights)}.`,
    );
  }

  #written(input: string): VfsResult<{ virtualPath: string; mount: ActiveMount; relative: string }> {
    const normalized = normalizeVirtualPath(input);
    if (!normalized.ok) {
      const shown = this.#redact(String(input).slice(0, shownInputLength));
      return failure('INVALID_PATH', `Invalid path '${shown}': ${normalized.reason}.`);
    }
    const virtualPath = normalized.path;
    const mount = this.#table.byVirtualPath(virtualPath, this.#audience);
    if (mount === undefined) {
      const available = this.#table
        .visible(this.#audience)
        .map((candidate) => candidate.virtual)
        .sort((a, b) => a.localeCompare(b));
      return failure(
        'NO_MOUNT',
        `No mount found for virtual path '${this.#redact(virtualPath)}'. Available mounts: ${available.length === 0 ? '(none)' : available.join(', ')}`,
      );
    }
    return success({ virtualPath, mount, relative: virtualPath.slice(mount.virtual.length + 1) });
  }
}

/** A target in no mount the audience can see. Without a link on the way it is a folder kept from this audience. */
function outside(virtualPath: string, mount: ActiveMount, throughLink: boolean): VfsResult<never> {
  return failure(
    'OUTSIDE_MOUNT',
    throughLink
      ? `Access denied for '${virtualPath}': it leads outside its mount ${mount.virtual} through a symbolic link.`
      : `Access denied for '${virtualPath}': it is not part of the mount ${mount.virtual} you can use.`,
  );
}

function rootRefusal(virtualPath: string): VfsResult<never> {
  // Removing a root would change the folder above it, whose rights may differ.
  return failure('ACCESS_DENIED', `Access denied for '${virtualPath}': a mount or sub-path root cannot be deleted.`);
}
