import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExcludePatterns, globRegex } from '../../src/discovery/exclude-patterns.js';
import { defaultExcludePatterns } from '../../src/raggable-tree-settings.js';

const name = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,11}$/);
const relativePath = fc.array(name, { minLength: 1, maxLength: 6 }).map((names) => names.join('/'));

describe('ExcludePatterns', () => {
  it('leaves out a name at any depth, and everything below a folder of that name', () => {
    const patterns = new ExcludePatterns(defaultExcludePatterns);
    expect(patterns.excludedBy('node_modules')).toBe('node_modules');
    expect(patterns.excludedBy('web/node_modules/react/index.js')).toBe('node_modules');
    expect(patterns.excludedBy('app/bin/Debug/app.dll')).toBe('bin');
    expect(patterns.excludedBy('static/jquery.min.js')).toBe('*.min.js');
    expect(patterns.excludedBy('src/binary.ts')).toBeUndefined();
    expect(patterns.excludedBy('src/distance.py')).toBeUndefined();
    expect(patterns.excludedBy('')).toBeUndefined();
  });

  it('matches a pattern with a slash from the root, with ** across folders', () => {
    const patterns = new ExcludePatterns(['src/generated/**', '/docs', '**/fixtures/*.json', 'a/*/c']);
    expect(patterns.excludedBy('src/generated')).toBe('src/generated/**');
    expect(patterns.excludedBy('src/generated/api/client.ts')).toBe('src/generated/**');
    expect(patterns.excludedBy('lib/src/generated/x.ts')).toBeUndefined();
    expect(patterns.excludedBy('docs/guide.md')).toBe('/docs');
    expect(patterns.excludedBy('fixtures/one.json')).toBe('**/fixtures/*.json');
    expect(patterns.excludedBy('test/deep/fixtures/one.json')).toBe('**/fixtures/*.json');
    expect(patterns.excludedBy('test/fixtures/one.ts')).toBeUndefined();
    expect(patterns.excludedBy('a/b/c/d.ts')).toBe('a/*/c');
    expect(patterns.excludedBy('a/b/x/c')).toBeUndefined();
  });

  it('property: a literal name pattern leaves out exactly the paths that hold that name', () => {
    fc.assert(
      fc.property(relativePath, name, (path, excluded) => {
        const holds = path.split('/').includes(excluded);
        expect(new ExcludePatterns([excluded]).excludedBy(path) !== undefined).toBe(holds);
      }),
    );
  });

  it('property: a literal glob matches only itself, whatever characters it holds', () => {
    fc.assert(
      fc.property(relativePath, relativePath, (glob, other) => {
        const regex = globRegex(glob);
        expect(regex.test(glob)).toBe(true);
        expect(regex.test(other)).toBe(glob === other);
      }),
    );
  });

  it('property: ** matches any number of folders and * never crosses one', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 4 }), name, (folders, file) => {
        const path = [...folders, file].join('/');
        expect(globRegex(`**/${file}`).test(path)).toBe(true);
        expect(globRegex(`*/${file}`).test(path)).toBe(folders.length === 1);
      }),
    );
  });
});
