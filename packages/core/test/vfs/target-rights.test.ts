import { mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFileSystem } from '../../src/index.js';

// Rights are decided where a path lands, not where it is written: links inside the
// mounts must not carry the rights of their own location to their target.

let root: TemporaryDirectory;
let ws: string;

beforeEach(async () => {
  root = await createTemporaryDirectory();
  ws = join(await realpath(root.path), 'ws');
  for (const folder of ['src', 'out', 'keep', 'tmp', 'locked']) await mkdir(join(ws, folder), { recursive: true });
  await writeFile(join(ws, 'src', 'main.ts'), 'original');
  await writeFile(join(ws, 'keep', 'file.txt'), 'kept');
  await writeFile(join(ws, 'locked', 'file.txt'), 'locked');
});

afterEach(async () => {
  await root.remove();
});

describe('a link inside a mount carries the rights of its target (ro mount, rw sub-path)', () => {
  let vfs: VirtualFileSystem;
  beforeEach(async () => {
    vfs = await VirtualFileSystem.create([`${ws}:/ws:ro;out:rw`]);
  });

  it('writing through a file link into the read-only part is denied and changes nothing', async () => {
    await symlink('../src/main.ts', join(ws, 'out', 'l'));
    expect(await vfs.writeText('/ws/out/l', 'changed')).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message: "Access denied for '/ws/out/l' (it leads to '/ws/src/main.ts'): required Write, effective Read.",
    });
    expect(await vfs.writeText('/ws/out/l', 'more', { append: true })).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await readFile(join(ws, 'src', 'main.ts'), 'utf8')).toBe('original');
    // Reading it is fine: the target allows Read.
    expect(await vfs.readText('/ws/out/l')).toEqual({ ok: true, value: 'original' });
  });

  it('through a linked folder, nothing is created in or deleted from the read-only folder', async () => {
    await symlink('../src', join(ws, 'out', 'd'));
    expect(await vfs.writeText('/ws/out/d/new.ts', 'x')).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message: "Access denied for '/ws/out/d/new.ts': required Create in '/ws/src', effective Read.",
    });
    expect(await vfs.createDirectory('/ws/out/d/sub')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await vfs.writeText('/ws/out/d/deep/er/new.ts', 'x')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await vfs.delete('/ws/out/d/main.ts')).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message:
        "Access denied for '/ws/out/d/main.ts' (it leads to '/ws/src/main.ts'): required Delete, effective Read.",
    });
    expect((await readdir(join(ws, 'src'))).sort()).toEqual(['main.ts']);
    expect(await vfs.resolve('/ws/out/d/main.ts', 'Write')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
  });

  it('deleting the link removes the link, decided by the folder holding it', async () => {
    await symlink('../src', join(ws, 'out', 'd'));
    expect(await vfs.delete('/ws/out/d')).toEqual({ ok: true, value: { path: '/ws/out/d' } });
    expect(await readdir(join(ws, 'out'))).toEqual([]);
    expect(await readFile(join(ws, 'src', 'main.ts'), 'utf8')).toBe('original');
  });

  it('a link in the read-only part that leads into the rw sub-path may be written: the target decides', async () => {
    await writeFile(join(ws, 'out', 'report.txt'), 'draft');
    await symlink('out/report.txt', join(ws, 'alias.txt'));
    expect(await vfs.writeText('/ws/alias.txt', 'final')).toMatchObject({ ok: true });
    expect(await readFile(join(ws, 'out', 'report.txt'), 'utf8')).toBe('final');
  });

  it('a new name beside a missing folder needs Create in the real parent', async () => {
    expect(await vfs.createDirectory('/ws/newdir')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await vfs.writeText('/ws/out/a/b/c.txt', 'x')).toMatchObject({ ok: true });
  });
});

describe('no-delete and read-only sub-paths reached through links', () => {
  let vfs: VirtualFileSystem;
  beforeEach(async () => {
    vfs = await VirtualFileSystem.create([`${ws}:/ws:rw;keep:rwnd;locked:ro`]);
  });

  it('a linked folder into a rwnd sub-path cannot delete there', async () => {
    await symlink('../keep', join(ws, 'tmp', 'd'));
    expect(await vfs.delete('/ws/tmp/d/file.txt')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await readFile(join(ws, 'keep', 'file.txt'), 'utf8')).toBe('kept');
    // Writing is allowed in rwnd.
    expect(await vfs.writeText('/ws/tmp/d/file.txt', 'changed')).toMatchObject({ ok: true });
  });

  it('a link into a ro sub-path cannot write, create or delete there', async () => {
    await symlink('locked/file.txt', join(ws, 'l'));
    await symlink('locked', join(ws, 'dl'));
    expect(await vfs.writeText('/ws/l', 'x')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await vfs.writeText('/ws/dl/new.txt', 'x')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await vfs.delete('/ws/dl/file.txt')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await readdir(join(ws, 'locked'))).toEqual(['file.txt']);
    expect(await readFile(join(ws, 'locked', 'file.txt'), 'utf8')).toBe('locked');
  });
});

describe('links between mounts', () => {
  it('a link in a rw mount to a file of a ro mount is judged by the ro mount', async () => {
    const other = join(await realpath(root.path), 'other');
    await mkdir(other);
    await writeFile(join(other, 'data.txt'), 'data');
    await symlink(join(other, 'data.txt'), join(ws, 'tmp', 'data.txt'));
    const vfs = await VirtualFileSystem.create([`${ws}:/ws:rw`, `${other}:/other:ro`]);
    expect(await vfs.readText('/ws/tmp/data.txt')).toEqual({ ok: true, value: 'data' });
    expect(await vfs.writeText('/ws/tmp/data.txt', 'x')).toMatchObject({
      ok: false,
      code: 'ACCESS_DENIED',
      message: expect.stringContaining("(it leads to '/other/data.txt')"),
    });
    expect(await readFile(join(other, 'data.txt'), 'utf8')).toBe('data');
  });

  it('a folder of an internal mount inside an agent mount is out of the agents reach', async () => {
    await mkdir(join(ws, 'secrets'));
    await writeFile(join(ws, 'secrets', 'key'), 'secret');
    const host = await VirtualFileSystem.create([
      `${ws}:/ws:rw`,
      { physical: join(ws, 'secrets'), virtual: '/credentials', rights: 'ro', visibility: 'internal' },
    ]);
    const agent = host.agentView();
    expect(await agent.readText('/ws/secrets/key')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await agent.writeText('/ws/secrets/new', 'x')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await agent.delete('/ws/secrets', { recursive: true })).toMatchObject({ ok: false });
    const listed = await agent.list('/ws', { recursive: true });
    expect(listed.ok && listed.value.entries.map((entry) => entry.path)).not.toContain('/ws/secrets');
    expect(JSON.stringify(listed)).not.toContain('key');
    expect(await host.readText('/credentials/key')).toEqual({ ok: true, value: 'secret' });
  });
});
