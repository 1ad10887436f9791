import { existsSync } from 'node:fs';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

const tool = (settings: Parameters<typeof createShellTool>[0] = {}) =>
  createShellTool(settings, { logger: quietLogger() });
const run = (command: string, shell = tool()) => runTool(shell, fixture.vfs, command, { cwd: '/workspace' });
const secretLink = (name: string) => symlink(join(fixture.outside, 'secret.txt'), join(fixture.workspace, name));

describe('arguments that may name a file are checked wherever they stand', () => {
  it('checks an argument after -- and one that starts with -', async () => {
    await secretLink('-evil');
    for (const command of ['cat -- -evil', 'cat -evil', 'wc -- -evil']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('leads outside its mount');
      expect(result.output).not.toContain('top secret');
    }
  });

  it('refuses relative arguments the virtual-path rules cannot read when they reach a link', async () => {
    await secretLink('a%41');
    await secretLink('b\\c');
    await symlink(fixture.outside, join(fixture.workspace, 'd%2e'));
    for (const command of ['cat a%41', "cat 'b\\c'", 'ls d%2e//', 'cat d%2e//secret.txt', 'cat ./a%41']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('cannot be checked');
      expect(result.output).not.toContain('top secret');
      expect(result.output).not.toContain('secret.txt\n');
    }
  });

  it('still passes such text when it names nothing or a plain file inside', async () => {
    await writeFile(join(fixture.workspace, 'plain%41'), 'plain percent\n');
    expect(expectExitZero(await run('cat plain%41'))).toContain('plain percent');
    expect(expectExitZero(await run(`grep -c -e 'a\\|b' -e %ad a.txt`))).toContain('3');
  });

  it('checks a value glued to a short option, also inside a cluster', async () => {
    await secretLink('.pat');
    for (const command of ['grep -f.pat a.txt', 'grep -cf.pat a.txt', 'grep -f .pat a.txt', 'grep --file=.pat a.txt']) {
      const result = await run(command);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain('leads outside its mount');
    }
  });

  it('checks key=value arguments (dd if=…)', async () => {
    await secretLink('link');
    const dd = tool({ ExtraAllowedCommands: ['dd'] });
    for (const command of ['dd if=link', 'dd if=link status=none', 'dd status=none if=./link']) {
      const result = await run(command, dd);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).not.toContain('top secret');
    }
    expect(expectExitZero(await run('dd if=a.txt status=none', dd))).toContain('alpha');
    expect(expectExitZero(await run('dd if=/workspace/a.txt status=none', dd))).toContain('alpha');
  });

  it('refuses one argument that names two paths needing a rewrite', async () => {
    const result = await run('grep --file=/workspace/a.txt=/docs/readme.md x');
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain('names more than one path');
  });
});

describe('find option rules apply wherever -- stands', () => {
  const findTools = () => [
    tool({ ExtraAllowedCommands: ['find'] }),
    tool({ AllowedCommands: ['find'] }),
    tool({ AllowedCommands: ['find'], AllowInterpreters: true }),
  ];

  it.each([
    ['find -- . -exec touch MARK {} +', '-exec'],
    ['find -- . -execdir touch MARK {} ;', '-execdir'],
    ['find -- . -name MARK -delete', '-delete'],
    ['find -- . -fprint MARK', '-fprint'],
    ['find . -- -fprint MARK', '-fprint'],
  ])('refuses %j', async (command, option) => {
    await writeFile(join(fixture.workspace, 'keep'), 'keep\n');
    for (const shell of findTools()) {
      const result = await run(command.replace(';', '\\;'), shell);
      expect(result.outcome, command).toBe('Denied');
      expect(result.output).toContain(`Option '${option}' of find is not allowed`);
    }
    expect(existsSync(join(fixture.workspace, 'MARK'))).toBe(false);
    expect(existsSync(join(fixture.workspace, 'keep'))).toBe(true);
  });

  it('still runs a plain find with --', async () => {
    const output = expectExitZero(await run('find -- sub -name b.txt', tool({ ExtraAllowedCommands: ['find'] })));
    expect(output).toBe('exit code 0\nstdout:\nsub/b.txt');
  });
});
