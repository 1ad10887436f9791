import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { A2ASettingsInput } from '../../src/index.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const script = fileURLToPath(new URL('./host-process.ts', import.meta.url));

export interface HostProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `host-process.ts` in a real Node process from the sources and waits until it listens. */
export async function startHostProcess(settings: A2ASettingsInput = {}): Promise<HostProcess> {
  const { url, child } = await startScriptProcess(script, [JSON.stringify(settings)]);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }
    });
  return { url, child, stop };
}

/**
 * Runs a host script (TypeScript, from the sources) in its own Node process with `args`,
 * and resolves once it printed `listening <url>`; rejects with its output if it ends first.
 */
export async function startScriptProcess(
  path: string,
  args: readonly string[],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      path,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = /listening (\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('close', () => reject(new Error(`the host process ended before listening:\n${output}`)));
  });
  return { url, child };
}
