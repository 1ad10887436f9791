import { mkdir, readdir, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFileSystem } from '../../src/index.js';

// A recursive delete removes every entry below a folder, so each of them must allow
// Delete: sub-paths with their own rights below it stop it.

let root: TemporaryDirectory;
let ws: string;

beforeEach(async () => {
  root = await createTemporaryDirectory();
  ws = join(await realpath(root.path), 'ws');
  for (const folder of ['a/ro', 'a/nodel', 'a/free', 'b/c']) await mkdir(join(ws, folder), { recursive: true });
  for (const file of ['a/ro/f', 'a/nodel/f', 'a/free/f', 'b/c/f']) await writeFile(join(ws, file), file);
});

afterEach(async () => {
  await root.remove();
});

describe('recursive delete and sub-path rights', () => {
  it('refuses when a read-only or no-delete sub-path lies below, and removes nothing', async () => {
    const vfs = await VirtualFileSystem.create([`${ws}:/ws:rw;a/ro:ro;a/nodel:rwnd`]);
    expect(await vfs.delete('/ws/a', { recursive: true })).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message:
        "Access denied for '/ws/a': a mount or sub-path with its own rights lies below it, so it cannot be deleted recursively. Delete the entries you may delete one by one.",
    });
    expect((await readdir(join(ws, 'a'))).sort()).toEqual(['free', 'nodel', 'ro']);
    expect(await readdir(join(ws, 'a', 'ro'))).toEqual(['f']);
    expect(await readdir(join(ws, 'a', 'nodel'))).toEqual(['f']);
    expect(await vfs.delete('/ws/a/free', { recursive: true })).toMatchObject({ ok: true });
    expect(await vfs.delete('/ws/b', { recursive: true })).toMatchObject({ ok: true });
    expect((await readdir(ws)).sort()).toEqual(['a']);
  });

  it('refuses when only a no-delete sub-path lies below', async () => {
    const vfs = await VirtualFileSystem.create([`${ws}:/ws:rw;a/nodel:rwnd`]);
    expect(await vfs.delete('/ws/a', { recursive: true })).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await readdir(join(ws, 'a', 'nodel'))).toEqual(['f']);
  });

  it('refuses when another mount lies physically below', async () => {
    const vfs = await VirtualFileSystem.create([`${ws}:/ws:rw`, `${join(ws, 'b', 'c')}:/inner:ro`]);
    expect(await vfs.delete('/ws/b', { recursive: true })).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await readdir(join(ws, 'b', 'c'))).toEqual(['f']);
  });

  it('a non-recursive delete of a folder with entries says how to proceed', async () => {
    const vfs = await VirtualFileSystem.create([`${ws}:/ws:rw`]);
    expect(await vfs.delete('/ws/b')).toEqual({
      ok: false,
      code: 'IO_ERROR',
      message: "Cannot use '/ws/b': the directory is not empty (delete it recursively).",
    });
  });
});
