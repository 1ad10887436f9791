import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { type RightsToken, rightsTokens } from '../../src/index.js';

/** What a test knows of a mount: its real folder and rights, to judge changes independently of the code under test. */
export interface MountLayout {
  readonly physical: string;
  readonly rights: RightsToken;
  readonly overrides: readonly { readonly path: string; readonly rights: RightsToken }[];
}

/** Every entry below `root`, links not followed: a file's text, a link's target, or `dir`. */
export async function snapshot(root: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const name of await readdir(folder)) {
      const path = join(folder, name);
      const stats = await lstat(path);
      if (stats.isSymbolicLink()) entries.set(path, `link:${await readlink(path)}`);
      else if (stats.isDirectory()) {
        entries.set(path, 'dir');
        await walk(path);
      } else entries.set(path, `file:${await readFile(path, 'utf8')}`);
    }
  };
  await walk(root);
  return entries;
}

export interface Change {
  readonly kind: 'created' | 'modified' | 'deleted';
  readonly path: string;
  /** The right this change needed, and where it is judged: a new entry in its folder, the rest where they lie. */
  readonly right: 'Create' | 'Write' | 'Delete';
  readonly judgedAt: string;
}

export function changesBetween(before: Map<string, string>, after: Map<string, string>): Change[] {
  const changes: Change[] = [];
  for (const [path, value] of after) {
    const old = before.get(path);
    if (old === undefined) changes.push({ kind: 'created', path, right: 'Create', judgedAt: dirname(path) });
    else if (old !== value) changes.push({ kind: 'modified', path, right: 'Write', judgedAt: path });
  }
  for (const path of before.keys()) {
    if (!after.has(path)) changes.push({ kind: 'deleted', path, right: 'Delete', judgedAt: path });
  }
  return changes;
}

/** The rights at a real path: the mount with the longest folder holding it, then its longest sub-path. */
export function rightsAt(layouts: readonly MountLayout[], path: string): RightsToken | undefined {
  const holding = layouts
    .filter((layout) => path === layout.physical || path.startsWith(`${layout.physical}${sep}`))
    .sort((a, b) => b.physical.length - a.physical.length)[0];
  if (holding === undefined) return undefined;
  const relative =
    path === holding.physical
      ? ''
      : path
          .slice(holding.physical.length + 1)
          .split(sep)
          .join('/');
  const override = [...holding.overrides]
    .sort((a, b) => b.path.length - a.path.length)
    .find((candidate) => relative === candidate.path || relative.startsWith(`${candidate.path}/`));
  return override?.rights ?? holding.rights;
}

/** True when the change was allowed by the rights of where it landed (and no root of a mount or sub-path was deleted). */
export function allowed(layouts: readonly MountLayout[], change: Change): boolean {
  const rights = rightsAt(layouts, change.judgedAt);
  if (rights === undefined || !rightsTokens[rights].includes(change.right)) return false;
  if (change.kind !== 'deleted') return true;
  return !layouts.some(
    (layout) =>
      layout.physical === change.path ||
      layout.overrides.some((override) => join(layout.physical, ...override.path.split('/')) === change.path),
  );
}
