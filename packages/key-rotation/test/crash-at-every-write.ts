// The crash test of key rotation, for any store a child process can open: a child rotates
// a seeded store and is killed with SIGKILL just before write N, for every N from 1 to the
// number of writes a whole rotation makes; then another process (this one) resumes with the
// same providers. At each kill nothing is lost; after each resume the rotation is complete,
// nothing is sealed twice, no staged copy is left and the marker says completed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MemoryProvider } from '@orkeon/core';
import { expect } from 'vitest';
import { KeyRotator, readRotationState } from '../src/index.js';
import { expectNothingLost, expectRotated } from './rotation-expectations.js';
import { CountingStore, newProvider, oldProvider, seed } from './rotation-scenario.js';

/** Small batches, so that a handful of entries make tens of writes across every phase. */
const batchSize = 2;
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const child = fileURLToPath(new URL('./rotation-crash-child.ts', import.meta.url));
const tsx = pathToFileURL(join(packageFolder, '../../node_modules/tsx/dist/loader.mjs')).href;

/** How a test opens its store: the store of attempt `attempt` (created when new), and what tells a child to open the same. */
export interface CrashTarget {
  open(attempt: number): Promise<MemoryProvider>;
  childEnvironment(attempt: number): Record<string, string>;
}

interface ChildEnd {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runChild(environment: Record<string, string>): Promise<ChildEnd> {
  const process_ = spawn(process.execPath, ['--conditions=@orkeon/source', '--import', tsx, child], {
    cwd: packageFolder,
    env: { PATH: process.env.PATH ?? '', ROTATION_BATCH_SIZE: String(batchSize), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  process_.stdout.on('data', (chunk) => (stdout += chunk));
  process_.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => process_.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** The writes of a whole rotation of the seeded store, counted in this process. */
async function writesOfARotation(target: CrashTarget): Promise<number> {
  const store = await target.open(0);
  try {
    await seed(store);
    const counted = new CountingStore(store);
    await new KeyRotator().rotate(counted, oldProvider(), newProvider(), { batchSize });
    await expectRotated(store);
    return counted.writes;
  } finally {
    await store.close?.();
  }
}

/** Kills a child at write `at`, checks that nothing is lost, resumes here and checks the rotation. */
async function killAndResume(target: CrashTarget, at: number): Promise<void> {
  const seeded = await target.open(at);
  await seed(seeded);
  await seeded.close?.();
  const end = await runChild({ ...target.childEnvironment(at), ROTATION_KILL_AT: String(at) });
  expect(end.signal, `write ${at}: ${end.stderr}`).toBe('SIGKILL');
  const store = await target.open(at);
  try {
    await expectNothingLost(store);
    const stoppedIn = (await readRotationState(store))?.phase;
    const result = await new KeyRotator().rotate(store, oldProvider(), newProvider(), { batchSize });
    expect(result.resumed, `write ${at}`).toBe(stoppedIn === 'committing');
    await expectRotated(store);
  } finally {
    await store.close?.();
  }
}

/** Runs the whole test on `target`, two children at a time. */
export async function crashAtEveryWrite(target: CrashTarget): Promise<number> {
  const writes = await writesOfARotation(target);
  // The count is the child's too: told to stop past the last write, it rotates to the end.
  const seeded = await target.open(writes + 1);
  await seed(seeded);
  await seeded.close?.();
  const whole = await runChild({ ...target.childEnvironment(writes + 1), ROTATION_KILL_AT: String(writes + 1) });
  expect(whole.code, whole.stderr).toBe(0);
  expect(JSON.parse(whole.stdout)).toEqual({ writes });
  const attempts = Array.from({ length: writes }, (_, index) => index + 1);
  const lanes = [0, 1].map(async (lane) => {
    for (const at of attempts.filter((attempt) => attempt % 2 === lane)) await killAndResume(target, at);
  });
  await Promise.all(lanes);
  return writes;
}
