import picomatch from 'picomatch';
/**
 * Decides which paths an index leaves out, from globs written like `.gitignore` lines:
 * a pattern without `/` matches one name at any depth (`node_modules`, `*.min.js`); a
 * pattern with `/` matches the path from the root (`src/generated/**`, a leading `/`
 * allowed). `*` and `?` stay within a name, `**` spans folders.
 */
export class ExcludePatterns {
  readonly #byName: readonly { readonly pattern: string; readonly regex: RegExp }[];
  readonly #byPath: readonly { readonly pattern: string; readonly regex: RegExp }[];

  constructor(patterns: readonly string[]) {
    const byName = [];
    const byPath = [];
    for (const raw of patterns) {
      const pattern = raw.trim().replace(/\/+$/, '');
      if (pattern === '') continue;
      if (pattern.includes('/')) byPath.push({ pattern: raw, regex: globRegex(pattern.replace(/^\/+/, '')) });
      else byName.push({ pattern: raw, regex: globRegex(pattern) });
    }
    this.#byName = byName;
    this.#byPath = byPath;
  }

  /** The pattern that leaves out `relativePath` (from the root, `/`-separated, no leading `/`), if any. */
  excludedBy(relativePath: string): string | undefined {
    const names = relativePath.split('/').filter((name) => name !== '');
    for (const entry of this.#byName) if (names.some((name) => entry.regex.test(name))) return entry.pattern;
    // A folder left out leaves out everything below it: test every leading part of the path.
    for (let length = 1; length <= names.length; length++) {
      const prefix = names.slice(0, length).join('/');
      for (const entry of this.#byPath) if (entry.regex.test(prefix)) return entry.pattern;
    }
    return undefined;
  }
}

/**
 * A glob as an anchored regular expression over a `/`-separated path (picomatch, dot names
 * included): `*` and `?` within a name, `**` across folders, `[abc]` and `{a,b}` as in shells.
 */
export function globRegex(glob: string): RegExp {
  return picomatch.makeRe(glob, { dot: true });
}
