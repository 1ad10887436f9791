import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool } from '../../src/index.js';
import { expectExitZero, quietLogger, runTool } from './shell-fixture.js';

let root: TemporaryDirectory;
let repo: string;
let vfs: VirtualFileSystem;

/** Runs git for the test's own set-up, outside the tool and its limits. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root.path, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

async function createRepository(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  git(path, 'init', '-q', '-b', 'main');
  await writeFile(join(path, 'a.txt'), 'first\n');
  git(path, 'add', 'a.txt');
  git(path, 'commit', '-q', '-m', 'First commit');
  await appendFile(join(path, 'a.txt'), 'second\n');
  git(path, 'commit', '-q', '-am', 'Second commit');
}

beforeEach(async () => {
  root = await createTemporaryDirectory('orkeon-git-');
  repo = join(root.path, 'repo');
  await createRepository(repo);
  vfs = await VirtualFileSystem.create([`${repo}:/workspace:rw`]);
});
afterEach(async () => {
  await root.remove();
});

const readOnlyTool = () => createShellTool({}, { logger: quietLogger() });
const run = (command: string, tool = readOnlyTool()) => runTool(tool, vfs, command);

describe('read-only git', () => {
  it('runs status, log, diff and show', async () => {
    await appendFile(join(repo, 'a.txt'), 'third\n');
    expect(expectExitZero(await run('git status --short'))).toBe('exit code 0\nstdout:\n M a.txt');
    expect(expectExitZero(await run('git log --format=%s'))).toBe('exit code 0\nstdout:\nSecond commit\nFirst commit');
    expect(expectExitZero(await run('git diff'))).toContain('+third');
    expect(expectExitZero(await run('git show --stat HEAD~1'))).toContain('First commit');
    expect(expectExitZero(await run('git log --oneline -- /workspace/a.txt'))).toContain('Second commit');
  });

  it('denies every other subcommand', async () => {
    for (const command of ['git commit -am change', 'git push', 'git config user.name x', 'git checkout -b x', 'git']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('status, log, diff, show');
    }
    expect(expectExitZero(await run('git log --format=%s -1'))).toContain('Second commit');
  });

  it('denies any option before the subcommand', async () => {
    for (const command of [
      'git -c core.pager=touch log',
      'git -C /workspace log',
      'git --git-dir=/workspace/.git log',
      'git --work-tree=/workspace status',
      'git --exec-path=/workspace log',
      'git --config-env=core.pager=X log',
      'git -p log',
    ]) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('options before the subcommand');
    }
  });

  it('denies options that write files or run programs', async () => {
    for (const [command, option] of [
      ['git diff --output=/workspace/x', '--output'],
      ['git diff --output /workspace/x', '--output'],
      ['git log -p --output=x', '--output'],
      ['git log --ext-diff', '--ext-diff'],
      ['git show --textconv HEAD', '--textconv'],
      ['git log --exec=x', '--exec'],
      ['git diff --upload-pack=x', '--upload-pack'],
      ['git diff --ignore-submodules=none', '--ignore-submodules'],
    ] as const) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain(`Option '${option}' of git`);
    }
    expect(existsSync(join(repo, 'x'))).toBe(false);
  });

  it('runs neither fsmonitor nor filter programs the repository configures', async () => {
    const marker = join(root.path, 'ran');
    git(repo, 'config', 'core.fsmonitor', `touch ${marker}-fsmonitor; echo`);
    git(repo, 'config', 'filter.evil.clean', `sh -c 'touch ${marker}-filter; cat'`);
    git(repo, 'config', 'diff.evil.textconv', `sh -c 'touch ${marker}-textconv; cat'`);
    git(repo, 'config', 'diff.evil.command', `sh -c 'touch ${marker}-external'`);
    await writeFile(join(repo, '.gitattributes'), '* filter=evil diff=evil\n');
    await appendFile(join(repo, 'a.txt'), 'changed\n');

    for (const command of ['git status', 'git diff', 'git diff --stat', 'git log -p -1', 'git show HEAD']) {
      expect((await run(command)).outcome, command).toBe('Success');
    }
    expect(existsSync(`${marker}-fsmonitor`)).toBe(false);
    expect(existsSync(`${marker}-filter`)).toBe(false);
    expect(existsSync(`${marker}-textconv`)).toBe(false);
    expect(existsSync(`${marker}-external`)).toBe(false);

    // Control: plain git does run them, so the assertions above are real.
    git(repo, 'status');
    git(repo, 'diff');
    expect(existsSync(`${marker}-fsmonitor`)).toBe(true);
    expect(existsSync(`${marker}-filter`)).toBe(true);
  });

  it('does not rewrite the index, even when status would refresh it', async () => {
    const index = join(repo, '.git', 'index');
    const later = new Date(Date.now() + 60_000);
    await utimes(join(repo, 'a.txt'), later, later);
    const before = (await stat(index)).mtimeMs;
    expect(expectExitZero(await run('git status --short'))).toBe('exit code 0');
    expect((await stat(index)).mtimeMs).toBe(before);
    // Control: plain git status refreshes the stale entry and writes the index.
    git(repo, 'status', '--short');
    expect((await stat(index)).mtimeMs).not.toBe(before);
  });

  it('finds no repository above the mount', async () => {
    const inner = join(repo, 'inner');
    await mkdir(inner);
    await writeFile(join(inner, 'b.txt'), 'b\n');
    vfs = await VirtualFileSystem.create([`${inner}:/workspace:rw`]);
    const result = await run('git log --stat');
    expect(result.output).toMatch(/^exit code 128\nstderr:\nfatal: not a git repository/);
    expect(result.output).not.toContain('First commit');
  });

  it('refuses a repository whose git directory lies outside the mount', async () => {
    const pointer = join(root.path, 'pointer');
    await mkdir(pointer);
    await writeFile(join(pointer, '.git'), `gitdir: ${join(repo, '.git')}\n`);
    vfs = await VirtualFileSystem.create([`${pointer}:/workspace:rw`]);
    const result = await run('git log');
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('outside the mount');
    expect(result.output).not.toContain('First commit');
    expect(result.output).not.toContain(root.path);
  });

  it('still checks path arguments', async () => {
    const result = await run('git diff --no-index /etc/passwd /workspace/a.txt');
    expect(result.output).toMatch(/^DENIED: No mount found for virtual path '\/etc\/passwd'/);
  });
});

describe('git with AllowInterpreters', () => {
  it('is unrestricted', async () => {
    const tool = createShellTool({ AllowInterpreters: true }, { logger: quietLogger() });
    const commit = await run('git -c user.name=A -c user.email=a@example.com commit --allow-empty -q -m Third', tool);
    expectExitZero(commit);
    expect(git(repo, 'log', '--format=%s', '-1').trim()).toBe('Third');
  });

  it('is read-only again when AllowedCommands replaces the list', async () => {
    const tool = createShellTool({ AllowInterpreters: true, AllowedCommands: ['git'] }, { logger: quietLogger() });
    expect((await run('git commit --allow-empty -m x', tool)).outcome).toBe('Denied');
    expect((await run('git -c core.pager=x log', tool)).outcome).toBe('Denied');
    expectExitZero(await run('git log --oneline', tool));
  });
});
