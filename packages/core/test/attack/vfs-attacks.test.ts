import { link, mkdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  PermissionGate,
  type PermissionMode,
  permissionModes,
  ToolInvocationPipeline,
  ToolRegistry,
  type VfsResult,
  VirtualFileSystem,
} from '../../src/index.js';
import { allowed, changesBetween, type MountLayout, snapshot } from '../vfs/vfs-tree.js';
import { AttackTally } from './attack-tally.js';

// The boundary's attack suite for the virtual file system and the invocation pipeline
// (classes 1, 2 and 7 of docs/security.md). Attacks are generated from fixed seeds, so
// the counts are stable; each attempt is judged by what happened on disk or in the
// answer, never by the code's own verdict. The counts are printed at the end.
// One file on purpose: the classes share one tally, printed once, which docs/security.md quotes.

const tally = new AttackTally();
const secret = 'SECRET-CONTENT';
let temporary: TemporaryDirectory;
let base: string;

beforeAll(async () => {
  temporary = await createTemporaryDirectory();
  base = await realpath(temporary.path);
});

afterAll(async () => {
  process.stdout.write(`\nVFS attack suite\n${tally.report()}\n`);
  await temporary.remove();
});

interface Fixture {
  readonly root: string;
  readonly layouts: MountLayout[];
  readonly agent: VirtualFileSystem;
  readonly physicalRoots: string[];
}

/** `/ws:ro;out:rw;keep:rwnd;lock:ro` (with `lock` inside `out`), `/pub:rw`, `/ro2:ro`, internal `/credentials` inside ws. */
async function fixture(name: string): Promise<Fixture> {
  const root = join(base, name);
  const ws = join(root, 'ws');
  for (const folder of ['src/deep', 'out/lock', 'keep', 'secrets']) await mkdir(join(ws, folder), { recursive: true });
  for (const folder of ['pub', 'ro2/sub', 'outside/sub']) await mkdir(join(root, folder), { recursive: true });
  for (const file of ['src/main.ts', 'src/deep/x.ts', 'keep/k.txt', 'out/lock/l.txt', 'out/o.txt'])
    await writeFile(join(ws, file), file);
  await writeFile(join(ws, 'secrets', 'key'), secret);
  await writeFile(join(root, 'outside', 'private.txt'), secret);
  await writeFile(join(root, 'ro2', 'r.txt'), 'r');
  await writeFile(join(root, 'pub', 'p.txt'), 'p');
  const layouts: MountLayout[] = [
    {
      physical: ws,
      rights: 'ro',
      overrides: [
        { path: 'out', rights: 'rw' },
        { path: 'keep', rights: 'rwnd' },
        { path: 'out/lock', rights: 'ro' },
      ],
    },
    { physical: join(root, 'pub'), rights: 'rw', overrides: [] },
    { physical: join(root, 'ro2'), rights: 'ro', overrides: [] },
  ];
  const host = await VirtualFileSystem.create([
    `${ws}:/ws:ro;out:rw;keep:rwnd;out/lock:ro`,
    `${join(root, 'pub')}:/pub:rw`,
    `${join(root, 'ro2')}:/ro2:ro`,
    { physical: join(ws, 'secrets'), virtual: '/credentials', rights: 'ro', visibility: 'internal' },
  ]);
  return { root, layouts, agent: host.agentView(), physicalRoots: [ws, join(root, 'pub'), join(root, 'ro2'), root] };
}

/** Where a link may be planted (places an agent or a cloned repository can write), and what it may point at. */
const linkPlaces = ['ws/out', 'ws/keep', 'pub', 'ws/out/lock'] as const;
const linkTargets = [
  'ws/src',
  'ws/src/main.ts',
  'ws/src/deep',
  'ws/keep',
  'ws/keep/k.txt',
  'ws/out/lock',
  'ws/out/lock/l.txt',
  'ws',
  'ro2',
  'ro2/r.txt',
  'ws/secrets',
  'ws/secrets/key',
  'outside',
  'outside/private.txt',
  'missing-outside',
] as const;
const operations = ['read', 'write', 'append', 'create', 'mkdir', 'delete', 'deleteRecursive', 'list'] as const;

const linkAttack = fc.record({
  place: fc.constantFrom(...linkPlaces),
  target: fc.constantFrom(...linkTargets),
  absolute: fc.boolean(),
  /** A second link in the chain: the first points at the second, which points at the target. */
  chained: fc.boolean(),
  operation: fc.constantFrom(...operations),
  tail: fc.constantFrom('', '/main.ts', '/new.txt', '/deep', '/k.txt', '/sub/new.txt', '/..'),
});

async function attempt(
  vfs: VirtualFileSystem,
  operation: (typeof operations)[number],
  path: string,
  index: number,
): Promise<VfsResult<unknown>> {
  switch (operation) {
    case 'read':
      return vfs.readText(path);
    case 'write':
      return vfs.writeText(path, `attack-${index}`);
    case 'append':
      return vfs.writeText(path, `+${index}`, { append: true });
    case 'create':
      return vfs.writeText(`${path}/created-${index}.txt`, 'x');
    case 'mkdir':
      return vfs.createDirectory(`${path}/made-${index}`);
    case 'delete':
      return vfs.delete(path);
    case 'deleteRecursive':
      return vfs.delete(path, { recursive: true });
    case 'list':
      return vfs.list(path, { recursive: true });
  }
}

/** An escape: a change the target's rights forbid, secret content or a physical folder in an answer. */
function judge(
  result: VfsResult<unknown>,
  changes: ReturnType<typeof changesBetween>,
  layouts: readonly MountLayout[],
  physicalRoots: readonly string[],
): string | undefined {
  const forbidden = changes.find((change) => !allowed(layouts, change));
  if (forbidden !== undefined) return `${forbidden.kind} ${forbidden.path}`;
  const answer = JSON.stringify(result);
  if (answer.includes(secret)) return 'secret content read';
  if (answer.includes('secrets') && result.ok) return 'internal folder listed';
  const shown = physicalRoots.find((root) => answer.includes(root));
  return shown === undefined ? undefined : `physical folder shown: ${shown}`;
}

describe('class 1: rights follow the target through links inside the mounts', () => {
  it('no generated link attack escapes', async () => {
    const world = await fixture('class1');
    const attacks = fc.sample(linkAttack, { numRuns: 1000, seed: 101 });
    for (const [index, attack] of attacks.entries()) {
      const target = join(world.root, attack.target);
      const at = join(world.root, attack.place, `l${index}`);
      const middle = join(world.root, 'pub', `m${index}`);
      const pointTo = (from: string, to: string) => (attack.absolute ? to : relative(join(from, '..'), to) || '.');
      if (attack.chained) {
        await symlink(pointTo(middle, target), middle);
        await symlink(pointTo(at, middle), at);
      } else await symlink(pointTo(at, target), at);
      const path = `/${attack.place}/l${index}${attack.tail}`;
      const before = await snapshot(world.root);
      const result = await attempt(world.agent, attack.operation, path, index);
      const after = await snapshot(world.root);
      // The links planted for the attempt are the attacker's own, not changes made through the boundary.
      const changes = changesBetween(before, after);
      tally.record('1 rights follow the written path', judge(result, changes, world.layouts, world.physicalRoots));
      await rm(at, { force: true, recursive: false }).catch(() => undefined);
      if (attack.chained) await rm(middle, { force: true });
    }
    expect(tally.escapes('1 rights follow the written path')).toEqual([]);
  }, 120_000);
});

describe('class 2: recursive delete and protected sub-paths', () => {
  it('no generated recursive delete removes a protected entry', async () => {
    const shapes = fc.sample(
      fc.record({
        depth: fc.integer({ min: 1, max: 3 }),
        protectedRights: fc.constantFrom('ro' as const, 'rwnd' as const),
        deleteAt: fc.integer({ min: 0, max: 3 }),
        throughLink: fc.boolean(),
        nestedMount: fc.boolean(),
      }),
      { numRuns: 300, seed: 202 },
    );
    for (const [index, shape] of shapes.entries()) {
      const root = join(base, `class2-${index}`);
      const ws = join(root, 'ws');
      const chain = ['d0', 'd1', 'd2'].slice(0, shape.depth);
      const protectedPath = chain.join('/');
      await mkdir(join(ws, ...chain, 'inner'), { recursive: true });
      await writeFile(join(ws, ...chain, 'inner', 'f'), 'f');
      await writeFile(join(ws, 'd0', 'top'), 't');
      const layouts: MountLayout[] = [
        { physical: ws, rights: 'rw', overrides: [{ path: protectedPath, rights: shape.protectedRights }] },
      ];
      const mounts = [`${ws}:/ws:rw;${protectedPath}:${shape.protectedRights}`];
      if (shape.nestedMount) {
        layouts.push({ physical: join(ws, 'd0', 'nested'), rights: 'ro', overrides: [] });
        await mkdir(join(ws, 'd0', 'nested'));
        await writeFile(join(ws, 'd0', 'nested', 'n'), 'n');
        mounts.push(`${join(ws, 'd0', 'nested')}:/nested:ro`);
      }
      const vfs = (await VirtualFileSystem.create(mounts)).agentView();
      const ancestors = ['', ...chain.map((_, at) => chain.slice(0, at + 1).join('/'))];
      const doomed = ancestors[Math.min(shape.deleteAt, ancestors.length - 1)] ?? '';
      let path = doomed === '' ? '/ws' : `/ws/${doomed}`;
      if (shape.throughLink && doomed !== '') {
        await mkdir(join(ws, 'tmp'), { recursive: true });
        await symlink(join(ws, doomed, '..'), join(ws, 'tmp', 'up'));
        path = `/ws/tmp/up/${doomed.split('/').at(-1)}`;
      }
      const before = await snapshot(root);
      const result = await vfs.delete(path, { recursive: true });
      const changes = changesBetween(before, await snapshot(root));
      tally.record('2 recursive delete ignores sub-path rights', judge(result, changes, layouts, [root]));
    }
    expect(tally.escapes('2 recursive delete ignores sub-path rights')).toEqual([]);
  }, 60_000);
});

describe('class 7: smaller leaks', () => {
  it('unknown permission modes are refusals, never exceptions or runs', async () => {
    const world = await fixture('class7-modes');
    let ran = 0;
    const tool = defineTool({
      name: 'probe',
      description: 'counts runs',
      access: 'Read',
      input: z.object({}),
      execute: async () => {
        ran++;
        return 'ran';
      },
    });
    const pipeline = new ToolInvocationPipeline({
      registry: new ToolRegistry([tool]),
      vfs: world.agent,
      logger: captureLogger().logger,
      gate: new PermissionGate(),
    });
    const modes = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(...permissionModes).map((mode) => mode.toUpperCase()),
        fc.constantFrom('yolo', 'PLAN', 'Bypass', ' plan', 'plan ', 'constructor', '__proto__', 'toString'),
      ),
      { numRuns: 600, seed: 701 },
    );
    for (const mode of modes.filter((candidate) => !(permissionModes as readonly string[]).includes(candidate))) {
      const before = ran;
      let escaped: string | undefined;
      try {
        const result = await pipeline.invoke({
          tool: 'probe',
          input: {},
          caller: { kind: 'script' },
          permissionMode: mode as PermissionMode,
        });
        if (result.outcome !== 'Denied' || ran !== before) escaped = `mode ${JSON.stringify(mode)}: ${result.outcome}`;
      } catch (error) {
        escaped = `mode ${JSON.stringify(mode)} threw ${String(error)}`;
      }
      tally.record('7a unknown permission mode', escaped);
    }
    expect(tally.escapes('7a unknown permission mode')).toEqual([]);
  });

  // Texts that put a mount's physical folder next to every encoding neighbour a program may print.
  const neighbour = fc.constantFrom(
    '',
    '/',
    '\0',
    '’',
    '‘',
    '|',
    '\u0007',
    '\u001b',
    '"',
    "'",
    ' ',
    '.bak',
    '2',
    '-old',
    '_x',
    '\n',
    ':',
    '\\',
  );
  const roots = (world: Fixture) => [join(world.root, 'ws', 'secrets'), ...world.physicalRoots.slice(0, 3)];

  it('approval-channel errors and redacted texts show no physical folder', async () => {
    const world = await fixture('class7-redaction');
    const texts = fc.sample(
      fc.array(fc.tuple(neighbour, fc.nat(3), neighbour, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 4 }),
      { numRuns: 800, seed: 702 },
    );
    const host = await VirtualFileSystem.create([
      `${join(world.root, 'ws')}:/ws:ro`,
      `${join(world.root, 'pub')}:/pub:rw`,
      `${join(world.root, 'ro2')}:/ro2:ro`,
      { physical: join(world.root, 'ws', 'secrets'), virtual: '/credentials', rights: 'ro', visibility: 'internal' },
    ]);
    const gateTool = defineTool({
      name: 'ask_me',
      description: 'asks',
      access: 'Execute',
      input: z.object({}),
      execute: async () => 'ran',
    });
    for (const parts of texts) {
      const text = parts.map(([before, at, after, tail]) => `${before}${roots(world)[at]}${after}${tail}`).join(' ');
      const pipeline = new ToolInvocationPipeline({
        registry: new ToolRegistry([gateTool]),
        vfs: host,
        logger: captureLogger().logger,
        gate: new PermissionGate(),
        prompt: async () => {
          throw new Error(text);
        },
      });
      const denied = await pipeline.invoke({ tool: 'ask_me', input: {}, caller: { kind: 'script' } });
      const outputs = [
        denied.output,
        host.redact(text),
        host.toVirtualText(text),
        host.agentView().toVirtualText(text),
      ];
      const shown = outputs.find((output) => roots(world).some((root) => output.includes(root)));
      tally.record('7b physical folder in a message', shown === undefined ? undefined : JSON.stringify(shown));
    }
    expect(tally.escapes('7b physical folder in a message')).toEqual([]);
  });

  it('hard links to outside files are neither read nor written', async () => {
    const world = await fixture('class7-hardlinks');
    const cases = fc.sample(
      fc.record({
        place: fc.constantFrom('ws/out', 'ws/keep', 'pub', 'ws/out/lock'),
        source: fc.constantFrom('outside/private.txt', 'ws/secrets/key'),
        operation: fc.constantFrom('read', 'write', 'append', 'resolveRead', 'resolveWrite', 'stat'),
      }),
      { numRuns: 300, seed: 703 },
    );
    for (const [index, attack] of cases.entries()) {
      const at = join(world.root, attack.place, `h${index}`);
      await link(join(world.root, attack.source), at);
      const path = `/${attack.place}/h${index}`;
      const result =
        attack.operation === 'read'
          ? await world.agent.readText(path)
          : attack.operation === 'write'
            ? await world.agent.writeText(path, 'overwritten')
            : attack.operation === 'append'
              ? await world.agent.writeText(path, 'more', { append: true })
              : attack.operation === 'stat'
                ? await world.agent.stat(path)
                : await world.agent.resolve(path, attack.operation === 'resolveRead' ? 'Read' : 'Write');
      const intact = (await readFile(join(world.root, attack.source), 'utf8')) === secret;
      const escaped = !intact ? 'outside file changed' : JSON.stringify(result).includes(secret) ? 'read' : undefined;
      // A resolved path hands the physical file to a caller (the shell tool): that is an escape too.
      tally.record(
        '7c hard link to an outside file',
        escaped ?? (result.ok ? `${attack.operation} allowed` : undefined),
      );
      await rm(at, { force: true });
    }
    expect(tally.escapes('7c hard link to an outside file')).toEqual([]);
  });
});
