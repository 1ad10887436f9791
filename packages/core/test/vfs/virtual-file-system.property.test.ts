import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileRight, normalizeVirtualPath, VirtualFileSystem } from '../../src/index.js';

let root: TemporaryDirectory;
let mounts: { workspace: string; output: string };
let vfs: VirtualFileSystem;

beforeAll(async () => {
  root = await createTemporaryDirectory();
  mounts = { workspace: join(root.path, 'workspace'), output: join(root.path, 'output') };
  await mkdir(join(mounts.workspace, 'a', 'b'), { recursive: true });
  await mkdir(mounts.output, { recursive: true });
  await mkdir(join(root.path, 'outside'), { recursive: true });
  await writeFile(join(mounts.workspace, 'a', 'file.txt'), 'x');
  // Links that escape, to be found by generated paths.
  await symlink(join(root.path, 'outside'), join(mounts.workspace, 'a', 'up'));
  await symlink('../outside', join(mounts.output, 'rel-up'));
  await symlink(join(mounts.workspace, 'a'), join(mounts.output, 'inside'));
  vfs = await VirtualFileSystem.create([`${mounts.workspace}:/workspace:rw`, `${mounts.output}:/output:rwnd`]);
});

afterAll(async () => {
  await root.remove();
});

// Mostly names that exist (links included) and dot segments, so generated paths often
// walk through the escaping links; some encoded and random segments besides.
const segment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('..', '.', '', 'a', 'b', 'up', 'rel-up', 'inside', 'file.txt') },
  { weight: 2, arbitrary: fc.constantFrom('%2e%2e', '%2f', '..%2f', '\\..', 'x\0y', '~', 'C:') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
);
const virtualPath = fc
  .tuple(fc.constantFrom('/workspace', '/output', '', '/', '/etc'), fc.array(segment, { maxLength: 7 }))
  .map(([start, segments]) => [start, ...segments].join('/'));
const right = fc.constantFrom<FileRight>('Read', 'Write', 'Create', 'Delete');

const inside = (physical: string) =>
  Object.values(mounts).some((mount) => physical === mount || physical.startsWith(`${mount}${sep}`));

describe('no generated path escapes its mount (property)', () => {
  it('every path that resolves lands inside a mount folder', async () => {
    await fc.assert(
      fc.asyncProperty(virtualPath, right, async (path, wanted) => {
        const resolved = await vfs.resolve(path, wanted);
        if (resolved.ok) {
          expect(inside(resolved.value.physicalPath)).toBe(true);
          expect(
            resolved.value.virtualPath.startsWith('/workspace') || resolved.value.virtualPath.startsWith('/output'),
          ).toBe(true);
        } else {
          expect(resolved.message).not.toContain(root.path);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('normalised paths are absolute, clean and free of dot segments', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const result = normalizeVirtualPath(input);
        if (result.ok) {
          expect(result.path.startsWith('/')).toBe(true);
          expect(result.path.split('/').slice(1)).not.toContain('..');
          expect(result.path === '/' || !result.path.endsWith('/')).toBe(true);
          expect(result.path).not.toMatch(/\\|\0|\/\//);
        }
      }),
    );
  });
});
