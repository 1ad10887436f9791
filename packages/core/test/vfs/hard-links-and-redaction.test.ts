import { link, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFileSystem } from '../../src/index.js';

let root: TemporaryDirectory;
let base: string;
let ws: string;
let secrets: string;
let vfs: VirtualFileSystem;

beforeEach(async () => {
  root = await createTemporaryDirectory();
  base = await realpath(root.path);
  ws = join(base, 'ws');
  secrets = join(base, 'credentials');
  for (const folder of [ws, secrets, join(base, 'outside')]) await mkdir(folder);
  await writeFile(join(base, 'outside', 'private.txt'), 'private');
  vfs = await VirtualFileSystem.create([
    `${ws}:/ws:rw`,
    { physical: secrets, virtual: '/credentials', rights: 'ro', visibility: 'internal' },
  ]);
});

afterEach(async () => {
  await root.remove();
});

describe('hard links', () => {
  it('a file with a second hard link (here: to a file outside) is neither read nor written', async () => {
    await link(join(base, 'outside', 'private.txt'), join(ws, 'hard.txt'));
    const agent = vfs.agentView();
    const read = await agent.readText('/ws/hard.txt');
    expect(read).toEqual({
      ok: false,
      code: 'OUTSIDE_MOUNT',
      message:
        "Access denied for '/ws/hard.txt': the file has 2 hard links, so it may be a file outside the mounts; copy it instead of linking it.",
    });
    expect(await agent.writeText('/ws/hard.txt', 'overwritten')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await agent.writeText('/ws/hard.txt', 'more', { append: true })).toMatchObject({ ok: false });
    expect(await agent.resolve('/ws/hard.txt', 'Read')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await readFile(join(base, 'outside', 'private.txt'), 'utf8')).toBe('private');
    // Removing the name is harmless: the other file stays.
    expect(await agent.delete('/ws/hard.txt')).toMatchObject({ ok: true });
    expect(await readFile(join(base, 'outside', 'private.txt'), 'utf8')).toBe('private');
  });
});

describe('redaction leaves no physical folder, whatever follows it', () => {
  it.each([
    ['a neighbouring folder', (root: string) => `${root}.bak/token`],
    ['a digit', (root: string) => `${root}2/token`],
    ['NUL', (root: string) => `${root}\0next`],
    ['a closing quote', (root: string) => `‘${root}’`],
    ['a pipe', (root: string) => `${root}|`],
    ['an escape sequence', (root: string) => `\u001b]8;;file://host${root}\u0007x\u001b]8;;\u0007`],
  ])('an internal mount followed by %s', (_what, text) => {
    for (const output of [vfs.toVirtualText(text(secrets)), vfs.redact(text(secrets))]) {
      expect(output).not.toContain(secrets);
      expect(output).toContain('[REDACTED]');
    }
  });

  it('an agent mount followed by an encoding character becomes its virtual path', () => {
    expect(vfs.toVirtualText(`${ws}\0${ws}/a\0`)).toBe('/ws\0/ws/a\0');
    expect(vfs.toVirtualText(`‘${ws}’|${ws}|`)).toBe('‘/ws’|/ws|');
  });
});
