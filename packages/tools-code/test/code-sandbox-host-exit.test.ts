import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sandboxModule = fileURLToPath(new URL('../src/sandbox/code-sandbox.ts', import.meta.url));

describe('a host with a warm sandbox thread', () => {
  it('ends when its own work is done, without waiting for the idle thread (kept an hour here)', async () => {
    const script = `
      const { CodeSandbox } = await import(${JSON.stringify(sandboxModule)});
      const sandbox = new CodeSandbox({ idleMilliseconds: 3_600_000 });
      const outcome = await sandbox.run({ code: 'console.log("inside"); 6 * 7' });
      process.stdout.write(outcome.status + ' ' + JSON.stringify(outcome.value));
    `;
    const child = spawn(process.execPath, [
      '--conditions=@orkeon/source',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    // Far below the hour the thread is kept, far above the seconds the run takes.
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    expect(out).toContain('completed');
    expect(out).toContain('42');
    expect(out).not.toContain('inside');
    expect(code).toBe(0);
  }, 90_000);
});
