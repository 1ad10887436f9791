import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFileSystem } from '../../src/index.js';

let root: TemporaryDirectory;
let workspace: string;
let outside: string;
let vfs: VirtualFileSystem;

beforeEach(async () => {
  root = await createTemporaryDirectory();
  workspace = join(root.path, 'workspace');
  outside = join(root.path, 'outside');
  await mkdir(join(workspace, 'out'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, 'private.txt'), 'private');
  vfs = await VirtualFileSystem.create([`${workspace}:/workspace:ro;out:rw`], { maxFileSizeBytes: 1024 });
});

afterEach(async () => {
  await root.remove();
});

describe('openRead', () => {
  it('streams a file larger than the whole-file limit', async () => {
    const big = 'x'.repeat(5000);
    await writeFile(join(workspace, 'big.txt'), big);
    expect((await vfs.readBytes('/workspace/big.txt')).ok).toBe(false);
    const opened = await vfs.openRead('/workspace/big.txt');
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.value.size).toBe(5000);
    expect(await text(opened.value.stream)).toBe(big);
  });

  it('refuses a link out of the mount and a folder, naming the virtual path only', async () => {
    await symlink(join(outside, 'private.txt'), join(workspace, 'link.txt'));
    const linked = await vfs.openRead('/workspace/link.txt');
    expect(linked.ok).toBe(false);
    if (!linked.ok) expect(linked.message).not.toContain(outside);
    const folder = await vfs.openRead('/workspace/out');
    expect(folder).toMatchObject({ ok: false, code: 'NOT_A_FILE' });
  });
});

describe('writeBytes', () => {
  it('writes bytes where the rights allow, replacing the file', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect(await vfs.writeBytes('/workspace/out/a.bin', bytes)).toMatchObject({
      ok: true,
      value: { bytesWritten: 4, created: true },
    });
    await vfs.writeBytes('/workspace/out/a.bin', new Uint8Array([9]));
    expect([...(await readFile(join(workspace, 'out', 'a.bin')))]).toEqual([9]);
  });

  it('refuses a read-only place and a file over the limit', async () => {
    expect(await vfs.writeBytes('/workspace/a.bin', new Uint8Array([1]))).toMatchObject({ ok: false });
    expect(await vfs.writeBytes('/workspace/out/big.bin', new Uint8Array(2048))).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
    });
  });
});
