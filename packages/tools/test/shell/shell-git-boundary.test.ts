import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool } from '../../src/index.js';
import { expectExitZero, quietLogger, runTool } from './shell-fixture.js';

let root: TemporaryDirectory;
let mount: string;
let repo: string;
let outside: string;
let vfs: VirtualFileSystem;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root.path, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

async function createRepository(path: string, content = 'first\n'): Promise<void> {
  await mkdir(path, { recursive: true });
  git(path, 'init', '-q', '-b', 'main');
  await writeFile(join(path, 'a.txt'), content);
  git(path, 'add', 'a.txt');
  git(path, 'commit', '-q', '-m', 'First commit');
}

beforeEach(async () => {
  root = await createTemporaryDirectory('orkeon-git-boundary-');
  mount = join(root.path, 'mount');
  repo = join(mount, 'repo');
  outside = join(root.path, 'outside');
  await mkdir(outside);
  await createRepository(repo);
  vfs = await VirtualFileSystem.create([`${mount}:/workspace:rw`]);
});
afterEach(async () => {
  await root.remove();
});

const run = (command: string) =>
  runTool(createShellTool({}, { logger: quietLogger() }), vfs, command, { cwd: '/workspace/repo' });

describe('git runs with a configuration the agent cannot influence', () => {
  it('runs no textconv driver on git status -v -v', async () => {
    const marker = join(root.path, 'ran-textconv');
    git(repo, 'config', 'diff.evil.textconv', `sh -c 'touch ${marker}; cat "$1"' -`);
    await writeFile(join(repo, '.gitattributes'), '* diff=evil\n');
    await appendFile(join(repo, 'a.txt'), 'changed\n');
    git(repo, 'add', 'a.txt');
    await appendFile(join(repo, 'a.txt'), 'again\n');
    const output = expectExitZero(await run('git status -v -v'));
    expect(output).toContain('+again');
    expect(existsSync(marker)).toBe(false);
    // Control: plain git does run the driver.
    git(repo, 'status', '-v', '-v');
    expect(existsSync(marker)).toBe(true);
  });

  it('ignores core.worktree pointing outside the mount', async () => {
    await writeFile(join(outside, 'a.txt'), 'top secret\n');
    await writeFile(join(outside, 'outside-only.txt'), 'x\n');
    git(repo, 'config', 'core.worktree', outside);
    for (const command of ['git status --short', 'git diff', 'git status -uall']) {
      const result = await run(command);
      expect(result.output, command).not.toContain('top secret');
      expect(result.output, command).not.toContain('outside-only');
    }
    expect(expectExitZero(await run('git status --short'))).toBe('exit code 0');
  });

  it('follows no alternates, nested or not', async () => {
    // An object only a repository outside the mount has, reached through a chain that starts inside.
    const far = join(outside, 'far');
    await createRepository(far, 'top secret\n');
    const secretBlob = git(far, 'rev-parse', 'HEAD:a.txt').trim();
    const near = join(mount, 'near');
    await createRepository(near, 'near\n');
    await writeFile(join(near, '.git', 'objects', 'info', 'alternates'), `${join(far, '.git', 'objects')}\n`);
    await writeFile(join(repo, '.git', 'objects', 'info', 'alternates'), `${join(near, '.git', 'objects')}\n`);
    expect(git(repo, 'cat-file', '-p', secretBlob)).toContain('top secret');

    const result = await run(`git show ${secretBlob}`);
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('objects/info/alternates');
    expect(result.output).not.toContain('top secret');
  });

  it('never reads the repository config, so a driver written at any moment does not run', async () => {
    const marker = join(root.path, 'ran-filter');
    const config = join(repo, '.git', 'config');
    const clean = await readFile(config, 'utf8');
    const evil = `${clean}[filter "evil"]\n\tclean = "sh -c 'touch ${marker}; cat'"\n\tsmudge = cat\n`;
    await writeFile(join(repo, '.gitattributes'), '* filter=evil\n');
    // A second process swaps the config with and without the driver as fast as it can.
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        `const fs=require('fs');const t=Date.now();let i=0;while(Date.now()-t<20000){fs.writeFileSync(process.argv[1],i++%2?process.argv[2]:process.argv[3]);}`,
        config,
        evil,
        clean,
      ],
      { stdio: 'ignore' },
    );
    try {
      for (let attempt = 0; attempt < 15; attempt++) {
        await appendFile(join(repo, 'a.txt'), `change ${attempt}\n`);
        await run('git status --short');
        await run('git diff --stat');
      }
    } finally {
      const ended = new Promise((resolve) => swapper.once('exit', resolve));
      swapper.kill('SIGKILL');
      await ended;
    }
    expect(existsSync(marker)).toBe(false);
    // Control: plain git with the driver in place runs it.
    await writeFile(config, evil);
    git(repo, 'diff', '--stat');
    expect(existsSync(marker)).toBe(true);
  });

  it('keeps upstream information and leaves no private directory behind', async () => {
    const clone = join(mount, 'clone');
    git(mount, 'clone', '-q', repo, clone);
    const temporary = join(root.path, 'tmp');
    await mkdir(temporary);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      const result = await runTool(createShellTool({}, { logger: quietLogger() }), vfs, 'git status', {
        cwd: '/workspace/clone',
      });
      expect(expectExitZero(result)).toContain("Your branch is up to date with 'origin/main'");
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(tmpdir()).not.toBe(temporary);
    expect(await readdir(temporary)).toEqual([]);
  });

  it('finds no repository created outside the look: no repository means GIT_DIR=/dev/null', async () => {
    const plain = join(mount, 'plain');
    await mkdir(plain);
    const result = await runTool(createShellTool({}, { logger: quietLogger() }), vfs, 'git status', {
      cwd: '/workspace/plain',
    });
    expect(result.output).toBe("exit code 128\nstderr:\nfatal: not a git repository: '/dev/null'");
  });
});
