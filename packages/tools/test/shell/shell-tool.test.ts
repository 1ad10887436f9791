import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool } from '../../src/index.js';
import { createShellFixture, expectExitZero, quietLogger, runTool, type ShellFixture } from './shell-fixture.js';

let fixture: ShellFixture;
beforeEach(async () => {
  fixture = await createShellFixture();
});
afterEach(async () => {
  await fixture[Symbol.asyncDispose]();
});

const defaultTool = () => createShellTool({}, { logger: quietLogger() });
const run = (command: string, options: { cwd?: string; tool?: ReturnType<typeof defaultTool> } = {}) =>
  runTool(options.tool ?? defaultTool(), fixture.vfs, command, options.cwd === undefined ? {} : { cwd: options.cwd });

describe('the default allowlist', () => {
  it('lists a mount and reads a file, answering with the exit code and stdout', async () => {
    const listing = expectExitZero(await run('ls /workspace'));
    expect(listing).toBe('exit code 0\nstdout:\na.txt\nescape\nsub');
    expect(expectExitZero(await run('cat /workspace/a.txt'))).toBe('exit code 0\nstdout:\nalpha\nbeta\ngamma');
  });

  it('shows virtual paths in the output, never the physical folders', async () => {
    const output = expectExitZero(await run('ls -d /workspace/sub'));
    expect(output).toContain('/workspace/sub');
    expect(output).not.toContain(fixture.root.path);
    expect(expectExitZero(await run('pwd'))).toBe('exit code 0\nstdout:\n/workspace');
    expect(expectExitZero(await run('grep -rn inside /workspace/sub'))).toContain('/workspace/sub/b.txt:1:inside sub');
  });

  it('runs grep with a quoted | pattern as one argument', async () => {
    const output = expectExitZero(await run(`grep -n -E 'alpha|gamma' /workspace/a.txt`));
    expect(output).toBe('exit code 0\nstdout:\n1:alpha\n3:gamma');
  });

  it('runs echo, wc and which', async () => {
    expect(expectExitZero(await run('echo "hello   world" \'$(not run)\''))).toBe(
      'exit code 0\nstdout:\nhello   world $(not run)',
    );
    expect(expectExitZero(await run('wc -l /workspace/a.txt'))).toBe('exit code 0\nstdout:\n3 /workspace/a.txt');
    expect(expectExitZero(await run('which ls'))).toMatch(/stdout:\n\/(usr\/)?bin\/ls/);
  });

  it('reports a non-zero exit code as a success with stderr, paths rewritten', async () => {
    const result = await run('cat /workspace/missing.txt');
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(/^exit code 1\nstderr:\ncat: \/workspace\/missing\.txt: No such file or directory$/);
    expect(result.output).not.toContain(fixture.root.path);
  });

  it('denies a command that is not on the list, listing the allowed ones and the setting that adds more', async () => {
    const result = await run('rm -rf /workspace/a.txt');
    expect(result.outcome).toBe('Denied');
    expect(result.output).toBe(
      "DENIED: Command 'rm' is not allowed. Allowed: cat, echo, git (status, log, diff, show only), grep, ls, pwd, wc, which. An operator can add commands with Svc:Tools:Shell:ExtraAllowedCommands.",
    );
    expect(existsSync(join(fixture.workspace, 'a.txt'))).toBe(true);
  });

  it('denies node and find (so find -exec) unless interpreters are allowed', async () => {
    expect((await run('node -e "1"')).output).toMatch(/^DENIED: Command 'node' is not allowed/);
    const find = await run('find /workspace -name a.txt -exec rm {} \\;');
    expect(find.output).toMatch(/^DENIED: Command 'find' is not allowed/);
    expect(existsSync(join(fixture.workspace, 'a.txt'))).toBe(true);
  });

  it('denies a program given as a path, even an allowed one', async () => {
    for (const command of ['/bin/ls /workspace', './ls', '../bin/cat /workspace/a.txt']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('must be a bare command name');
    }
  });

  it('refuses an empty command line', async () => {
    const result = await run('   ');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('The command is empty');
  });
});

describe('configured commands', () => {
  it('ExtraAllowedCommands adds a command', async () => {
    const tool = createShellTool({ ExtraAllowedCommands: ['head'] }, { logger: quietLogger() });
    expect(expectExitZero(await run('head -n 1 /workspace/a.txt', { tool }))).toBe('exit code 0\nstdout:\nalpha');
    expect((await run('head -n 1 /workspace/a.txt')).outcome).toBe('Denied');
  });

  it('AllowedCommands replaces the list: echo is gone, node stays out even with AllowInterpreters', async () => {
    const tool = createShellTool(
      { AllowedCommands: ['cat', 'git'], AllowInterpreters: true },
      { logger: quietLogger() },
    );
    expectExitZero(await run('cat /workspace/a.txt', { tool }));
    expect((await run('echo hi', { tool })).output).toMatch(
      /^DENIED: Command 'echo' is not allowed\. Allowed: cat, git/,
    );
    expect((await run('node -e "1"', { tool })).outcome).toBe('Denied');
  });

  it('an allowed command missing from PATH is a failure, not a crash', async () => {
    const tool = createShellTool(
      { ExtraAllowedCommands: ['orkeon-no-such-program', 'constructor'] },
      { logger: quietLogger() },
    );
    for (const program of ['orkeon-no-such-program', 'constructor']) {
      const result = await run(`${program} -x`, { tool });
      expect(result.outcome, program).toBe('Failure');
      expect(result.output).toContain('was not found on PATH (/usr/local/bin:/usr/bin:/bin)');
    }
  });

  it('keeps find safe when an operator lists it without AllowInterpreters', async () => {
    const tool = createShellTool({ ExtraAllowedCommands: ['find'] }, { logger: quietLogger() });
    expect(expectExitZero(await run('find /workspace -name a.txt', { tool }))).toBe(
      'exit code 0\nstdout:\n/workspace/a.txt',
    );
    for (const predicate of ['-exec rm {} ;', '-delete', '-fprint /workspace/out', '-L']) {
      const result = await run(`find /workspace -name a.txt ${predicate.replace(';', '\\;')}`, { tool });
      expect(result.outcome, predicate).toBe('Denied');
      expect(result.output).toContain(`Option '${predicate.split(' ')[0]}' of find is not allowed`);
    }
    expect(existsSync(join(fixture.workspace, 'a.txt'))).toBe(true);
  });
});

describe('shell operators', () => {
  it.each([
    ['echo hi > /workspace/x', "'>'"],
    ['echo hi >> /workspace/x', "'>'"],
    ['echo hi; echo there > /workspace/x', "';'"],
    ['echo hi && echo there > /workspace/x', "'&&'"],
    ['ls /workspace | grep a', "'|'"],
    ['echo `touch /workspace/x`', "'`'"],
    ['echo $(touch /workspace/x)', "'$('"],
    ['echo hi\ntouch /workspace/x', 'a line break'],
  ])('refuses %j naming %s, and runs nothing', async (command, name) => {
    const result = await run(command);
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain(name);
    expect(result.output).toContain('run one command per call');
    expect(existsSync(join(fixture.workspace, 'x'))).toBe(false);
  });

  it('passes operators inside single quotes as plain text', async () => {
    expect(expectExitZero(await run(`echo 'a; b && c | d > e'`))).toBe('exit code 0\nstdout:\na; b && c | d > e');
  });
});

describe('path arguments', () => {
  it('denies an absolute path under no mount with the VFS message', async () => {
    const result = await run('cat /etc/passwd');
    expect(result.outcome).toBe('Denied');
    expect(result.output).toBe(
      "DENIED: No mount found for virtual path '/etc/passwd'. Available mounts: /docs, /workspace",
    );
  });

  it('denies relative and absolute paths that climb out with ..', async () => {
    const relative = await run('cat ../../etc/passwd', { cwd: '/workspace' });
    expect(relative.outcome).toBe('Denied');
    expect(relative.output).toContain('climbs above /');
    const one = await run('cat ../outside/secret.txt', { cwd: '/workspace' });
    expect(one.output).toMatch(/^DENIED: No mount found for virtual path '\/outside\/secret\.txt'/);
    const absolute = await run('cat /workspace/../etc/passwd');
    expect(absolute.output).toMatch(/^DENIED: No mount found for virtual path '\/etc\/passwd'/);
  });

  it('allows .. that stays inside a mount', async () => {
    const output = expectExitZero(await run('cat ../a.txt', { cwd: '/workspace/sub' }));
    expect(output).toContain('alpha');
    expect(expectExitZero(await run('cat ../../docs/readme.md', { cwd: '/workspace/sub' }))).toContain('read-only');
  });

  it('denies a symbolic link that leads out of the mount, written absolute or relative', async () => {
    for (const command of ['cat /workspace/escape/secret.txt', 'cat escape/secret.txt', 'ls /workspace/escape']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('leads outside its mount /workspace through a symbolic link');
      expect(result.output).not.toContain('top secret');
    }
  });

  it('denies a hard-coded physical path without revealing it', async () => {
    const physical = join(fixture.workspace, 'a.txt');
    const result = await run(`cat ${physical}`);
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('No mount found');
    expect(result.output).not.toContain(fixture.root.path);
  });

  it('checks paths in --option=value and -oVALUE forms', async () => {
    for (const command of [
      'grep --file=/etc/passwd x /workspace/a.txt',
      'grep -f/etc/passwd x /workspace/a.txt',
      'grep -f ../../etc/passwd x',
      'grep --file=../../etc/passwd x',
    ]) {
      const result = await run(command, { cwd: '/workspace' });
      expect(result.outcome, command).toBe('Denied');
    }
    const patterns = join(fixture.workspace, 'patterns.txt');
    await writeFile(patterns, 'beta\n');
    expect(expectExitZero(await run('grep --file=/workspace/patterns.txt /workspace/a.txt'))).toContain('beta');
  });

  it('reads from a read-only mount', async () => {
    expect(expectExitZero(await run('cat /docs/readme.md'))).toContain('read-only docs');
  });

  it('refuses options that follow links or read file lists in read-only mode', async () => {
    for (const [command, option] of [
      ['grep -R secret /workspace', '-R'],
      ['grep -rnR secret /workspace', '-R'],
      ['grep --dereference-recursive secret /workspace', '--dereference-recursive'],
      ['grep --derefer secret /workspace', '--dereference-recursive'],
      ['ls -lL /workspace', '-L'],
      ['wc --files0-from=/workspace/a.txt', '--files0-from'],
    ] as const) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain(`Option '${option}'`);
    }
    // -r does not follow links met while recursing, so the secret stays unread.
    const recursive = await run('grep -r secret /workspace');
    expect(recursive.output).not.toContain('top secret');
    // A letter that is the value of -e is not an option.
    expect(expectExitZero(await run('grep -eR -e alpha /workspace/a.txt'))).toContain('alpha');
  });
});

describe('the working directory', () => {
  it('defaults to the first writable mount and can be any directory inside a mount', async () => {
    expect(expectExitZero(await run('pwd'))).toBe('exit code 0\nstdout:\n/workspace');
    expect(expectExitZero(await run('pwd', { cwd: '/docs' }))).toBe('exit code 0\nstdout:\n/docs');
    expect(expectExitZero(await run('cat b.txt', { cwd: '/workspace/sub' }))).toContain('inside sub');
  });

  it('defaults to the first mount when none is writable', async () => {
    const vfs = await VirtualFileSystem.create([`${fixture.workspace}:/workspace:ro`, `${fixture.docs}:/docs:ro`]);
    const result = await runTool(defaultTool(), vfs, 'pwd');
    expect(expectExitZero(result)).toBe('exit code 0\nstdout:\n/docs');
  });

  it('refuses a directory outside the mounts, a missing one, a file and a link out', async () => {
    expect((await run('ls', { cwd: '/etc' })).output).toMatch(/^DENIED: No mount found for virtual path '\/etc'/);
    expect((await run('ls', { cwd: '/workspace/nope' })).output).toBe(
      "Error: Working directory '/workspace/nope' does not exist.",
    );
    expect((await run('ls', { cwd: '/workspace/a.txt' })).output).toContain('is a file, not a directory');
    expect((await run('ls', { cwd: '/workspace/escape' })).outcome).toBe('Denied');
  });

  it('fails clearly when nothing is mounted', async () => {
    await using empty = await createTemporaryDirectory();
    const internalOnly = await VirtualFileSystem.create([
      { physical: empty.path, virtual: '/logs', rights: 'rw', visibility: 'internal' },
    ]);
    const result = await runTool(defaultTool(), internalOnly, 'ls');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('No folder is mounted');
  });
});

describe('output', () => {
  it('cuts each stream at MaxOutputCharacters and says so', async () => {
    await writeFile(join(fixture.workspace, 'big.txt'), `${'line of text\n'.repeat(2_000)}`);
    const tool = createShellTool({ MaxOutputCharacters: 100 }, { logger: quietLogger() });
    const result = await run('cat /workspace/big.txt', { tool });
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(/^exit code none: the command was stopped because it wrote more than 100 characters/);
    expect(result.output).toContain('stdout (cut after 100 characters):');
    const kept = result.output.split('stdout (cut after 100 characters):\n')[1] ?? '';
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(kept).toMatch(/^(line of text\n)+line of text$/);
  });

  it('drops a physical path cut in half at the limit instead of showing part of it', async () => {
    const line = `${fixture.workspace}/sub/b.txt\n`;
    await writeFile(join(fixture.workspace, 'paths.txt'), line.repeat(50));
    // The cut falls a few characters into the fourth physical path.
    const tool = createShellTool({ MaxOutputCharacters: 3 * line.length + 8 }, { logger: quietLogger() });
    const result = await run('cat /workspace/paths.txt', { tool });
    const kept = result.output.split(/stdout \(cut after \d+ characters\):\n/)[1] ?? '';
    expect(kept.split('\n')).toEqual(['/workspace/sub/b.txt', '/workspace/sub/b.txt', '/workspace/sub/b.txt']);
  });
});
