import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFileSystem } from '../../src/index.js';

let root: TemporaryDirectory;
let workspace: string;
let output: string;
let secrets: string;
let outside: string;
let vfs: VirtualFileSystem;

beforeEach(async () => {
  root = await createTemporaryDirectory();
  workspace = join(root.path, 'workspace');
  output = join(root.path, 'output');
  secrets = join(root.path, 'credentials');
  outside = join(root.path, 'outside');
  for (const folder of [workspace, output, secrets, outside, join(workspace, 'docs'), join(workspace, 'out')]) {
    await mkdir(folder, { recursive: true });
  }
  await writeFile(join(workspace, 'readme.md'), '# hello');
  await writeFile(join(workspace, 'docs', 'guide.md'), 'guide');
  await writeFile(join(secrets, 'token'), 'secret-token');
  await writeFile(join(outside, 'private.txt'), 'private');
  vfs = await VirtualFileSystem.create([
    `${workspace}:/workspace:ro;out:rw`,
    `${output}:/output:rwnd`,
    { physical: secrets, virtual: '/credentials', rights: 'ro', visibility: 'internal' },
  ]);
});

afterEach(async () => {
  await root.remove();
});

describe('reading and writing through mounts', () => {
  it('reads a file by its virtual path', async () => {
    expect(await vfs.readText('/workspace/readme.md')).toEqual({ ok: true, value: '# hello' });
  });

  it('writes in a rw sub-path of a ro mount, creating folders, and appends', async () => {
    const written = await vfs.writeText('/workspace/out/report/a.txt', 'one');
    expect(written).toEqual({
      ok: true,
      value: { path: '/workspace/out/report/a.txt', bytesWritten: 3, created: true },
    });
    await vfs.writeText('/workspace/out/report/a.txt', '+two', { append: true });
    expect(await readFile(join(workspace, 'out', 'report', 'a.txt'), 'utf8')).toBe('one+two');
  });

  it('denies a write to a ro mount with the rights in the message', async () => {
    expect(await vfs.writeText('/workspace/readme.md', 'x')).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message: "Access denied for '/workspace/readme.md': required Write, effective Read.",
    });
    expect(await readFile(join(workspace, 'readme.md'), 'utf8')).toBe('# hello');
  });

  it('needs Create for a new file and Delete to delete (rwnd has no delete)', async () => {
    expect((await vfs.writeText('/workspace/new.txt', 'x')).ok).toBe(false);
    expect(await vfs.writeText('/output/x.txt', 'x')).toMatchObject({ ok: true });
    expect(await vfs.delete('/output/x.txt')).toEqual({
      ok: false,
      code: 'ACCESS_DENIED',
      message: "Access denied for '/output/x.txt': required Delete, effective Read, Write, Create.",
    });
    expect(await vfs.delete('/workspace/out')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    await vfs.writeText('/workspace/out/gone.txt', 'x');
    expect(await vfs.delete('/workspace/out/gone.txt')).toEqual({
      ok: true,
      value: { path: '/workspace/out/gone.txt' },
    });
  });

  it('names the available mounts when none matches, hiding internal ones', async () => {
    expect(await vfs.readText('/etc/passwd')).toEqual({
      ok: false,
      code: 'NO_MOUNT',
      message: "No mount found for virtual path '/etc/passwd'. Available mounts: /credentials, /output, /workspace",
    });
    const agent = vfs.agentView();
    expect((await agent.readText('/etc/passwd')).ok || (await agent.readText('/etc/passwd'))).toMatchObject({
      message: "No mount found for virtual path '/etc/passwd'. Available mounts: /output, /workspace",
    });
  });

  it('lets the host reach internal mounts while agents cannot see or reach them', async () => {
    expect(await vfs.readText('/credentials/token')).toEqual({ ok: true, value: 'secret-token' });
    const agent = vfs.agentView();
    expect(await agent.readText('/credentials/token')).toMatchObject({ ok: false, code: 'NO_MOUNT' });
    expect(agent.mounts().map((mount) => mount.virtualPath)).toEqual(['/output', '/workspace']);
    expect(agent.mounts()[1]).toEqual({
      virtualPath: '/workspace',
      rights: 'ro',
      overrides: [{ virtualPath: '/workspace/out', rights: 'rw' }],
    });
  });

  it('matches the longest mount on a / boundary', async () => {
    const nested = await VirtualFileSystem.create([
      `${workspace}:/data:ro`,
      `${output}:/data/out:rw`,
      `${outside}:/database:ro`,
    ]);
    expect(await nested.writeText('/data/out/x.txt', 'x')).toMatchObject({ ok: true });
    expect(await readFile(join(output, 'x.txt'), 'utf8')).toBe('x');
    expect(await nested.readText('/database/private.txt')).toEqual({ ok: true, value: 'private' });
    expect(await nested.readText('/data/readme.md')).toEqual({ ok: true, value: '# hello' });
  });

  it('lists entries with a pattern, recursively, without following links', async () => {
    await symlink(outside, join(workspace, 'link-out'));
    const listed = await vfs.list('/workspace', { recursive: true, pattern: '*.md' });
    expect(listed).toEqual({
      ok: true,
      value: {
        entries: [
          { path: '/workspace/docs/guide.md', kind: 'file', size: 5 },
          { path: '/workspace/readme.md', kind: 'file', size: 7 },
        ],
        truncated: false,
      },
    });
    const all = await vfs.list('/workspace');
    expect(all.ok && all.value.entries.map((entry) => `${entry.path}:${entry.kind}`)).toEqual([
      '/workspace/docs:directory',
      '/workspace/link-out:symlink',
      '/workspace/out:directory',
      '/workspace/readme.md:file',
    ]);
  });

  it('refuses files over the size limit, for reading and writing', async () => {
    const small = await VirtualFileSystem.create([`${workspace}:/workspace:rw`], { maxFileSizeBytes: 10 });
    await writeFile(join(workspace, 'big.txt'), 'x'.repeat(11));
    expect(await small.readText('/workspace/big.txt')).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
      message: "File '/workspace/big.txt' would be 11 B; the limit is 10 B (Svc:FileSystem:MaxFileSizeBytes).",
    });
    expect(await small.writeText('/workspace/new.txt', 'y'.repeat(11))).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    await small.writeText('/workspace/grow.txt', 'y'.repeat(6));
    expect(await small.writeText('/workspace/grow.txt', 'y'.repeat(6), { append: true })).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
    });
  });

  it('reports missing files and directories as results', async () => {
    expect(await vfs.readText('/workspace/nope.txt')).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: "'/workspace/nope.txt' does not exist.",
    });
    expect(await vfs.readText('/workspace/docs')).toMatchObject({ ok: false, code: 'NOT_A_FILE' });
    expect(await vfs.exists('/workspace/docs/guide.md')).toBe(true);
    expect(await vfs.exists('/etc/passwd')).toBe(false);
  });
});

describe('attacks', () => {
  it.each([
    ['/workspace/../../etc/passwd', 'INVALID_PATH'],
    ['/workspace/../etc/passwd', 'NO_MOUNT'],
    ['/../etc/passwd', 'INVALID_PATH'],
    ['/workspace/%2e%2e/%2e%2e/etc/passwd', 'INVALID_PATH'],
    ['/workspace/%2E%2E%2Fsecret', 'INVALID_PATH'],
    ['/workspace/readme.md\0.txt', 'INVALID_PATH'],
    ['/workspace\\..\\..\\etc\\passwd', 'INVALID_PATH'],
    ['workspace/readme.md', 'INVALID_PATH'],
    ['C:/Windows/system.ini', 'INVALID_PATH'],
    ['', 'INVALID_PATH'],
  ])('refuses %j', async (path, code) => {
    const result = await vfs.readText(path);
    expect(result).toMatchObject({ ok: false, code });
  });

  it('refuses a hard-coded physical path and never shows the physical folder', async () => {
    const result = await vfs.readText(join(workspace, 'readme.md'));
    expect(result.ok).toBe(false);
    expect(result.ok || result.message).toMatch(/^No mount found for virtual path '\[REDACTED\]\/readme\.md'/);
    expect(JSON.stringify(result)).not.toContain(root.path);
  });

  it('refuses to follow a symbolic link out of the mount, for reads and writes', async () => {
    await symlink(join(outside, 'private.txt'), join(workspace, 'out', 'leak.txt'));
    await symlink(outside, join(workspace, 'out', 'escape'));
    expect(await vfs.readText('/workspace/out/leak.txt')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await vfs.writeText('/workspace/out/leak.txt', 'overwrite')).toMatchObject({
      ok: false,
      code: 'OUTSIDE_MOUNT',
    });
    expect(await vfs.writeText('/workspace/out/escape/new.txt', 'x')).toMatchObject({
      ok: false,
      code: 'OUTSIDE_MOUNT',
    });
    expect(await vfs.list('/workspace/out/escape')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
    expect(await readFile(join(outside, 'private.txt'), 'utf8')).toBe('private');
    const denied = await vfs.readText('/workspace/out/leak.txt');
    expect(JSON.stringify(denied)).not.toContain(root.path);
  });

  it('refuses a dangling link that would create a file outside', async () => {
    await symlink(join(outside, 'created-by-attack.txt'), join(workspace, 'out', 'dangling'));
    expect(await vfs.writeText('/workspace/out/dangling', 'x')).toMatchObject({ ok: false, code: 'OUTSIDE_MOUNT' });
  });

  it('follows links that stay inside the mount, and deletes a link rather than its target', async () => {
    await symlink(join(workspace, 'readme.md'), join(workspace, 'out', 'alias.md'));
    expect(await vfs.readText('/workspace/out/alias.md')).toEqual({ ok: true, value: '# hello' });
    expect(await vfs.delete('/workspace/out/alias.md')).toMatchObject({ ok: true });
    expect(await readFile(join(workspace, 'readme.md'), 'utf8')).toBe('# hello');
  });
});

describe('messages and outputs', () => {
  it('rewrites physical folders to virtual paths, hiding internal ones', () => {
    const text = `ls: ${workspace}/docs: ok; key at ${secrets}/token; other ${root.path}/elsewhere`;
    expect(vfs.toVirtualText(text)).toBe(
      `ls: /workspace/docs: ok; key at [REDACTED]/token; other ${root.path}/elsewhere`,
    );
    expect(vfs.redact(`${workspace}/docs`)).toBe('[REDACTED]/docs');
  });

  it('hides a neighbouring folder that merely starts like a mount instead of renaming it', () => {
    expect(vfs.toVirtualText(`${workspace}-backup/x`)).toBe('[REDACTED]-backup/x');
    expect(vfs.toVirtualText(`${workspace}.`)).toBe('/workspace.');
  });
});
