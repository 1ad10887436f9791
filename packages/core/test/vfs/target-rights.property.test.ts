import { mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RightsToken, VirtualFileSystem } from '../../src/index.js';
import { allowed, changesBetween, type MountLayout, snapshot } from './vfs-tree.js';

// Generated layouts: two mounts with mixed rights and sub-path overrides, links inside
// them (to files and folders, relative and absolute, within a mount and across), and
// operations through generated paths. Each run compares the real tree before and after
// every operation: every change must be allowed by the rights of where it landed.

const folders = ['x', 'y', 'z'] as const;
const mountNames = ['a', 'b'] as const;
const rights = fc.constantFrom<RightsToken>('ro', 'rw', 'rwnd');

const mountArbitrary = fc.record({
  rights,
  overrides: fc.uniqueArray(fc.record({ path: fc.constantFrom('x', 'y', 'y/in'), rights }), {
    selector: (override) => override.path,
    maxLength: 3,
  }),
});

const linkArbitrary = fc.record({
  at: fc.record({ mount: fc.constantFrom(...mountNames), folder: fc.constantFrom('', ...folders) }),
  to: fc.record({
    mount: fc.constantFrom(...mountNames),
    folder: fc.constantFrom('', ...folders, 'y/in'),
    file: fc.boolean(),
  }),
  absolute: fc.boolean(),
});

// Half the operations go through a generated link (with a tail below it), the rest
// through paths of names the tree holds, so most operations resolve and reach the check.
const segment = fc.constantFrom(...folders, 'in', 'f', 'l0', 'l1', 'l2', 'l3', 'new', '..');
const pathArbitrary = fc.oneof(
  fc
    .tuple(fc.constantFrom(...mountNames), fc.array(segment, { minLength: 1, maxLength: 4 }))
    .map(([mount, segments]) => ({ mount, segments: segments.join('/') })),
  fc.record({ link: fc.nat(3), tail: fc.constantFrom('', '/f', '/new', '/in/f', '/new/deeper', '/y') }),
);
const operationArbitrary = fc.record({
  kind: fc.constantFrom('write', 'append', 'mkdir', 'delete', 'deleteRecursive'),
  path: pathArbitrary,
});

type LinkSpec = { at: { mount: string; folder: string } };

function virtualPathOf(
  path: { mount: string; segments: string } | { link: number; tail: string },
  links: readonly LinkSpec[],
): string {
  if ('mount' in path) return `/${path.mount}/${path.segments}`;
  const link = links[path.link % Math.max(links.length, 1)];
  if (link === undefined) return `/a${path.tail}`;
  const index = links.indexOf(link);
  return `/${link.at.mount}${link.at.folder === '' ? '' : `/${link.at.folder}`}/l${index}${path.tail}`;
}

let temporary: TemporaryDirectory;
let runRoot: string;
const tally = { operations: 0, succeeded: 0, changes: 0 };

beforeAll(async () => {
  temporary = await createTemporaryDirectory();
  runRoot = await realpath(temporary.path);
});
afterAll(async () => {
  await temporary.remove();
});

describe('rights follow the target (property)', () => {
  it('no write, create or delete lands where the rights of the target forbid it', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(mountArbitrary, mountArbitrary),
        fc.array(linkArbitrary, { maxLength: 4 }),
        fc.array(operationArbitrary, { minLength: 1, maxLength: 6 }),
        async ([first, second], links, operations) => {
          const base = join(runRoot, `run-${run++}`);
          const layouts: MountLayout[] = [
            { physical: join(base, 'a'), ...first },
            { physical: join(base, 'b'), ...second },
          ];
          for (const layout of layouts) {
            for (const folder of [...folders, 'y/in']) {
              await mkdir(join(layout.physical, folder), { recursive: true });
              await writeFile(join(layout.physical, folder, 'f'), `${folder}`);
            }
          }
          await mkdir(join(base, 'outside'));
          await writeFile(join(base, 'outside', 'f'), 'outside');
          for (const [index, link] of links.entries()) {
            const target = join(base, link.to.mount, link.to.folder, link.to.file ? 'f' : '');
            const at = join(base, link.at.mount, link.at.folder, `l${index}`);
            const relativeTarget = join(
              ...Array(link.at.folder === '' ? 1 : 2).fill('..'),
              link.to.mount,
              link.to.folder,
              link.to.file ? 'f' : '',
            );
            await symlink(link.absolute ? target : relativeTarget, at);
          }
          const vfs = (
            await VirtualFileSystem.create(
              layouts.map((layout, index) => ({ ...layout, virtual: `/${mountNames[index]}` })),
            )
          ).agentView();
          for (const [index, operation] of operations.entries()) {
            const path = virtualPathOf(operation.path, links);
            const before = await snapshot(base);
            const result =
              operation.kind === 'write'
                ? await vfs.writeText(path, `v${index}`)
                : operation.kind === 'append'
                  ? await vfs.writeText(path, `+${index}`, { append: true })
                  : operation.kind === 'mkdir'
                    ? await vfs.createDirectory(path)
                    : await vfs.delete(path, { recursive: operation.kind === 'deleteRecursive' });
            const changes = changesBetween(before, await snapshot(base));
            tally.operations++;
            if (result.ok) tally.succeeded++;
            tally.changes += changes.length;
            for (const change of changes) {
              expect({ operation: operation.kind, path, change, allowed: allowed(layouts, change) }).toMatchObject({
                allowed: true,
              });
            }
            if (!result.ok) expect(changes).toEqual([]);
          }
          await rm(base, { recursive: true, force: true });
        },
      ),
      { numRuns: 150 },
    );
    // Not vacuous: a good share of operations succeed and change the tree (measured: about
    // 27% of some 490 operations succeed, making some 220 changes per 150 runs).
    expect(tally.succeeded / tally.operations).toBeGreaterThan(0.15);
    expect(tally.changes).toBeGreaterThan(80);
  });
});
