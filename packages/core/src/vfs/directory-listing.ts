import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import type { VfsEntry } from './file-system.js';
import type { Place } from './mount-table.js';

/** The most entries one listing returns. */
export const listingLimit = 10_000;

export interface ListingOptions {
  readonly recursive?: boolean;
  readonly pattern?: string;
  readonly limit?: number;
}

/**
 * Lists a real folder under the virtual name the caller used. Symbolic links are
 * listed, never followed. An entry whose place the audience cannot see (the root of
 * an internal mount inside an agent mount) is neither listed nor entered.
 */
export async function listDirectory(
  physicalRoot: string,
  virtualRoot: string,
  options: ListingOptions,
  placeOf: (realPath: string) => Place | undefined,
): Promise<{ entries: VfsEntry[]; truncated: boolean }> {
  const limit = Math.min(options.limit ?? listingLimit, listingLimit);
  const matches =
    options.pattern === undefined || options.pattern === ''
      ? () => true
      : picomatch(options.pattern, { dot: true, basename: !options.pattern.includes('/') });
  const entries: VfsEntry[] = [];
  let truncated = false;
  const prefix = virtualRoot === '/' ? '' : virtualRoot;
  const walk = async (physical: string, relative: string): Promise<void> => {
    const children = (await readdir(physical, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      if (entries.length >= limit) {
        truncated = true;
        return;
      }
      const childPhysical = join(physical, child.name);
      if (placeOf(childPhysical) === undefined) continue;
      const childRelative = relative === '' ? child.name : `${relative}/${child.name}`;
      const kind: VfsEntry['kind'] = child.isSymbolicLink()
        ? 'symlink'
        : child.isDirectory()
          ? 'directory'
          : child.isFile()
            ? 'file'
            : 'other';
      if (matches(childRelative)) {
        const size = kind === 'file' ? (await lstat(childPhysical)).size : 0;
        entries.push({ path: `${prefix}/${childRelative}`, kind, size });
      }
      if (options.recursive === true && kind === 'directory') await walk(childPhysical, childRelative);
    }
  };
  await walk(physicalRoot, '');
  return { entries, truncated };
}
