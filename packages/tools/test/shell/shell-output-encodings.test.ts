import { realpath } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool } from '../../src/index.js';
import { createShellFixture, quietLogger, runTool, type ShellFixture } from './shell-fixture.js';

let fixture: ShellFixture;
let physicalRoot: string;
beforeEach(async () => {
  fixture = await createShellFixture();
  physicalRoot = await realpath(fixture.root.path);
});
afterEach(async () => {
  await fixture[Symbol.asyncDispose]();
});

const tool = createShellTool({ ExtraAllowedCommands: ['stat', 'realpath', 'du'] }, { logger: quietLogger() });
const run = (command: string, shell = tool) => runTool(shell, fixture.vfs, command);

function expectNoPhysicalPath(output: string): void {
  expect(output).not.toContain(physicalRoot);
  expect(output).not.toContain(fixture.root.path);
}

describe('physical folders are rewritten whatever follows them', () => {
  it.each([
    ['ls -d --zero /workspace', '/workspace\0'],
    ["stat --printf '%n\\033' /workspace", '/workspace\u001b'],
    ['realpath -z /workspace', '/workspace\0'],
    ['du -0 -s /workspace', '/workspace\0'],
    ["stat -c '%n|' /workspace", '/workspace|'],
    ["stat --printf '%n\\a' /workspace", '/workspace\u0007'],
    ["stat --printf '%n\\0' /workspace", '/workspace\0'],
    ["stat --printf '%n’' /workspace", '/workspace’'],
    ["stat --printf '%nx' /docs", '[REDACTED]x'],
  ])('%s', async (command, expected) => {
    const result = await run(command);
    expect(result.outcome, result.output).toBe('Success');
    expectNoPhysicalPath(result.output);
    expect(result.output).toContain(expected);
  });

  it('drops a physical folder cut in half by the output limit, even without line breaks', async () => {
    const printed = `${physicalRoot}/workspace\0`;
    // The cut falls three characters before the end of the third folder.
    const shell = createShellTool(
      { ExtraAllowedCommands: ['stat'], MaxOutputCharacters: 3 * printed.length - 4 },
      { logger: quietLogger() },
    );
    const result = await run("stat --printf '%n\\0' /workspace /workspace /workspace /workspace", shell);
    expect(result.output).toContain('cut after');
    expectNoPhysicalPath(result.output);
    expect(result.output.endsWith('/workspace\0/workspace\0')).toBe(true);
  });
});

describe('output options whose encoding cannot be rewritten are refused', () => {
  it.each([
    ['ls -d --hyperlink=always /workspace', '--hyperlink'],
    ['ls -d --hyperlink /workspace', '--hyperlink'],
    ['ls -d --quoting-style=locale /workspace', '--quoting-style'],
    ['ls -d --quoting-style escape /workspace', '--quoting-style'],
    ['ls -d --quoting=c /workspace', '--quoting-style'],
    ['ls -dQ /workspace', '-Q'],
    ['ls -b /workspace', '-b'],
    ['ls -lD /workspace', '-D'],
    ['ls --dired -l /workspace', '--dired'],
    ['ls -- --hyperlink', '--hyperlink'],
  ])('%s', async (command, option) => {
    const result = await run(command);
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain(`Option '${option}' of ls is not allowed`);
  });

  it('keeps the literal quoting style', async () => {
    const result = await run('ls -d --quoting-style=literal /workspace');
    expect(result.output).toBe('exit code 0\nstdout:\n/workspace');
  });
});
