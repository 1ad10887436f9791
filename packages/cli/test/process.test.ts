import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const loader = new URL('node_modules/tsx/dist/loader.mjs', `file://${root}`).href;
const nodeArguments = ['--conditions=@orkeon/source', '--import', loader];

function start(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, [...nodeArguments, script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
}

function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => child.stdout?.on('data', (chunk) => String(chunk).includes('ready') && resolve()));
}

describe('the orkeon process', () => {
  const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
  const fixture = fileURLToPath(new URL('./fixtures/interruptible.ts', import.meta.url));

  it('exits 0 for --version and 1 for an unknown command', async () => {
    const version = await finished(start(bin, ['--version']));
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const unknown = await finished(start(bin, ['nope']));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("orkeon: CLI_USAGE_INVALID: unknown command 'nope'");
  });

  it('exits 130 on Ctrl+C once the command stops', async () => {
    const child = start(fixture, ['cooperative']);
    const result = finished(child);
    await ready(child);
    child.kill('SIGINT');
    expect((await result).code).toBe(130);
  });

  it('exits 130 at once on a second Ctrl+C when the command ignores the first', async () => {
    const child = start(fixture, ['stubborn']);
    const result = finished(child);
    await ready(child);
    child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGINT');
    expect((await result).code).toBe(130);
  });
});

describe('output closed early', () => {
  it('exits quietly when the reader of standard output goes away (orkeon doctor | head -1)', async () => {
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const child = start(bin, ['doctor']);
    child.stdout?.once('data', () => child.stdout?.destroy());
    const result = await finished(child);
    expect(result.stderr).not.toContain('EPIPE');
    expect(result.code).toBe(0);
  });
});
