import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptProcess } from '../server/start-host-process.js';

// The same host as the v1.0 restart tests: it serves the seed dialect too, with records in SQLite.
const script = fileURLToPath(new URL('../v1/v1-host-process.ts', import.meta.url));

let folder: TemporaryDirectory;
const children: ChildProcess[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await folder.remove();
});

async function startHost(database: string) {
  const started = await startScriptProcess(script, [database]);
  children.push(started.child);
  return started;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });

async function send(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/a2a/tasks/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('seed dialect task records across kill -9', () => {
  it('a task answered is on disk: with or without an id of its own, GET reads it Completed from the next server', async () => {
    const database = join(folder.path, 'state.db');
    const first = await startHost(database);
    // Without an id the record is written once, when the task ends; with one, Working first.
    const anonymous = await send(first.url, { skillId: 'echo', input: 'kept' });
    const named = await send(first.url, { id: 'named-task', skillId: 'echo', input: 'also kept' });
    expect(anonymous).toMatchObject({ status: 'Completed', output: 'echo: kept' });
    expect(named).toMatchObject({ taskId: 'named-task', status: 'Completed' });
    await killed(first.child);

    const second = await startHost(database);
    for (const [taskId, output] of [
      [anonymous.taskId, 'echo: kept'],
      ['named-task', 'echo: also kept'],
    ]) {
      const read = await fetch(`${second.url}/a2a/tasks/${String(taskId)}`);
      expect(read.status).toBe(200);
      const record = (await read.json()) as Record<string, string>;
      expect(record).toMatchObject({ taskId, skillId: 'echo', status: 'Completed', output });
      expect(Date.parse(record.createdAt ?? '')).toBeLessThanOrEqual(Date.parse(record.updatedAt ?? ''));
    }
  }, 60_000);
});
