import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptProcess } from '../server/start-host-process.js';

const script = fileURLToPath(new URL('./v1-host-process.ts', import.meta.url));

let folder: TemporaryDirectory;
const children: ChildProcess[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await folder.remove();
});

async function startHost(database: string): Promise<{ url: string; child: ChildProcess }> {
  const started = await startScriptProcess(script, [database]);
  children.push(started.child);
  return started;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

const message = (text: string, skillId: string) => ({
  message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }], metadata: { skillId } },
  configuration: { returnImmediately: skillId === 'slow' },
});

describe('A2A v1.0 task records across a restart', () => {
  it('a task made over HTTP+JSON is read over JSON-RPC after kill -9; a second client subscribes to one left running', async () => {
    const database = join(folder.path, 'state.db');
    const first = await startHost(database);
    const done = (await post(`${first.url}/a2a/v1/message:send`, message('kept', 'echo'))).task as { id: string };
    const running = (await post(`${first.url}/a2a/v1/message:send`, message('left', 'slow'))).task as { id: string };
    await killed(first.child);

    const second = await startHost(database);
    const read = await post(`${second.url}/a2a/jsonrpc`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'GetTask',
      params: { id: done.id },
    });
    expect(read.result).toMatchObject({
      id: done.id,
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ parts: [{ text: 'echo: kept' }] }],
    });

    const response = await fetch(`${second.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'SubscribeToTask', params: { id: running.id } }),
    });
    const frames = (await response.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)) as { result: { task?: { id: string; status: { state: string } } } });
    // Its process is gone: the snapshot as recorded, then the stream ends.
    expect(frames).toHaveLength(1);
    expect(frames[0]?.result.task).toMatchObject({ id: running.id, status: { state: 'TASK_STATE_WORKING' } });
  }, 60_000);
});
