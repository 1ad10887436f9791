import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger } from '@orkeon/testing';
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

const interpreterTool = (settings: { TimeoutSeconds?: number; MaxOutputCharacters?: number } = {}) =>
  createShellTool({ AllowInterpreters: true, ...settings }, { logger: quietLogger() });

/** A process counts as gone once it no longer exists or is a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('AllowInterpreters', () => {
  it('runs node, and logs the security warning once however many calls follow', async () => {
    const logs = captureLogger();
    const tool = createShellTool({ AllowInterpreters: true }, { logger: logs.logger });
    expect(expectExitZero(await runTool(tool, fixture.vfs, 'node -e "console.log(6 * 7)"'))).toBe(
      'exit code 0\nstdout:\n42',
    );
    await runTool(tool, fixture.vfs, 'node -e "console.log(1)"');
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toMatch(/AllowInterpreters.*remote code execution/);
  });

  it('allows find with -exec', async () => {
    const result = await runTool(interpreterTool(), fixture.vfs, 'find /workspace -name a.txt -exec cat {} \\;');
    expect(expectExitZero(result)).toBe('exit code 0\nstdout:\nalpha\nbeta\ngamma');
  });

  it('still checks path arguments', async () => {
    const result = await runTool(interpreterTool(), fixture.vfs, 'node /etc/passwd');
    expect(result.output).toMatch(/^DENIED: No mount found for virtual path '\/etc\/passwd'/);
  });
});

describe('the child environment', () => {
  it('inherits nothing from this process: no secrets, only the fixed variables', async () => {
    process.env.SVC_Llm__ApiKey = 'sk-test-never-leak-123';
    try {
      const script =
        "console.log(String(process.env.SVC_Llm__ApiKey)); console.log(Object.keys(process.env).sort().join(','))";
      const output = expectExitZero(await runTool(interpreterTool(), fixture.vfs, `node -e "${script}"`));
      expect(output).not.toContain('sk-test-never-leak-123');
      expect(output.split('\n').slice(2)).toEqual([
        'undefined',
        'GIT_CONFIG_GLOBAL,GIT_CONFIG_NOSYSTEM,GIT_PAGER,GIT_TERMINAL_PROMPT,HOME,LANG,PAGER,PATH,TERM',
      ]);
    } finally {
      delete process.env.SVC_Llm__ApiKey;
    }
  });

  it('sets PATH, LANG, TERM, and HOME to the working directory', async () => {
    const script = "for (const k of ['PATH','LANG','TERM','HOME']) console.log(k + '=' + process.env[k])";
    const output = expectExitZero(
      await runTool(interpreterTool(), fixture.vfs, `node -e "${script}"`, { cwd: '/docs' }),
    );
    expect(output).toBe('exit code 0\nstdout:\nPATH=/usr/local/bin:/usr/bin:/bin\nLANG=C.UTF-8\nTERM=dumb\nHOME=/docs');
  });
});

describe('limits', () => {
  it('stops a command at TimeoutSeconds, with its whole process group', async () => {
    const pidFile = join(fixture.workspace, 'grandchild.pid');
    const script = [
      "const c = require('child_process').spawn('sleep', ['60'], { stdio: 'ignore' })",
      "require('fs').writeFileSync('grandchild.pid', String(c.pid))",
      'setTimeout(() => {}, 60000)',
    ].join('; ');
    const startedAt = Date.now();
    const result = await runTool(interpreterTool({ TimeoutSeconds: 1 }), fixture.vfs, `node -e "${script}"`);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/^Error: The command timed out after 1 s and was stopped/);
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await expect.poll(() => isRunning(grandchild), { timeout: 3_000 }).toBe(false);
  });

  it('stops a command when the caller cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const startedAt = Date.now();
    const result = await runTool(interpreterTool(), fixture.vfs, 'node -e "setTimeout(() => {}, 60000)"', {
      signal: controller.signal,
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('cancelled');
  });

  it('stops a command that writes without end once the output limit is passed', async () => {
    const script = "setInterval(() => process.stdout.write('x'.repeat(999) + '\\\\n'), 1)";
    const startedAt = Date.now();
    const result = await runTool(interpreterTool({ MaxOutputCharacters: 5_000 }), fixture.vfs, `node -e "${script}"`);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(/^exit code none: the command was stopped because it wrote more than 5000/);
    expect(result.output).toContain('stdout (cut after 5000 characters):');
  });
});

describe('shell operators with programs that could leave a mark', () => {
  const touch = (name: string) => `node -e "require('fs').writeFileSync('${name}', '')"`;

  it.each([
    [`${touch('m1')} ; ${touch('m2')}`, "';'"],
    [`${touch('m1')} && ${touch('m2')}`, "'&&'"],
    [`${touch('m1')} | ${touch('m2')}`, "'|'"],
    [`${touch('m1')} > m2`, "'>'"],
    [`${touch('m1')}\n${touch('m2')}`, 'a line break'],
    [`node -e "\`${touch('m1')}\`"`, "'`'"],
    [`node -e "$(${touch('m1')})"`, "'$('"],
  ])('refuses %j naming %s, and nothing runs', async (command, name) => {
    const result = await runTool(interpreterTool(), fixture.vfs, command);
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain(name);
    expect(result.output).toContain('run one command per call');
    expect(existsSync(join(fixture.workspace, 'm1'))).toBe(false);
    expect(existsSync(join(fixture.workspace, 'm2'))).toBe(false);
  });

  it('the same program does leave its mark when run alone (the check above is real)', async () => {
    expectExitZero(await runTool(interpreterTool(), fixture.vfs, touch('m1')));
    expect(existsSync(join(fixture.workspace, 'm1'))).toBe(true);
  });
});
