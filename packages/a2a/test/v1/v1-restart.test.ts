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

/** The `data:` frames of an SSE body, parsed. */
function frames(body: string): { result: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as { result: Record<string, unknown> });
}

function stateOf(frame: { result: Record<string, unknown> } | undefined): unknown {
  const result = frame?.result as {
    task?: { status: { state: string } };
    statusUpdate?: { status: { state: string } };
  };
  return result?.task?.status.state ?? result?.statusUpdate?.status.state;
}

/** Resolves once `done` holds, or after 5 s (the assertion that follows then says what is missing). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}

function questionsAsked(child: ChildProcess): string[] {
  const asked: string[] = [];
  child.stderr?.on('data', (chunk) => {
    for (const match of String(chunk).matchAll(/asked (.+)/g)) asked.push(match[1] as string);
  });
  return asked;
}

describe('A2A v1.0 task records across a restart', () => {
  it('a task made over HTTP+JSON is read over JSON-RPC after kill -9; one left working is failed, not left WORKING', async () => {
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

    // Its process is gone (this host, no such pid): the task failed with a reason, once.
    const orphan = await post(`${second.url}/a2a/jsonrpc`, {
      jsonrpc: '2.0',
      id: 2,
      method: 'GetTask',
      params: { id: running.id },
    });
    expect(orphan.result).toMatchObject({
      id: running.id,
      status: {
        state: 'TASK_STATE_FAILED',
        message: { role: 'ROLE_AGENT', parts: [{ text: expect.stringContaining('stopped before it ended') }] },
      },
    });
    const listed = (await (
      await fetch(`${second.url}/a2a/v1/tasks`, { headers: { 'a2a-version': '1.0' } })
    ).json()) as {
      tasks: { id: string; status: { state: string }; history?: unknown[] }[];
    };
    const again = listed.tasks.find((task) => task.id === running.id);
    expect(again?.status.state).toBe('TASK_STATE_FAILED');
    expect(again?.history).toHaveLength(2);
  }, 60_000);

  it('a task waiting for input is answered after kill -9 and followed by a second client to its end, earlier answers replayed', async () => {
    const database = join(folder.path, 'state.db');
    const first = await startHost(database);
    const askedFirst = questionsAsked(first.child);
    const started = (await post(`${first.url}/a2a/v1/message:send`, message('trip', 'traveller'))).task as {
      id: string;
      contextId: string;
      status: { state: string };
    };
    expect(started.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answer = (text: string) => ({
      message: { messageId: `a-${text}`, role: 'ROLE_USER', parts: [{ text }], taskId: started.id },
    });
    const second = (await post(`${first.url}/a2a/v1/message:send`, answer('Lisbon'))).task as {
      status: { state: string; message: { parts: { text: string }[] } };
    };
    expect(second.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(second.status.message.parts[0]?.text).toBe('How many nights?');
    // The host writes each question to stderr as it asks; the answer over HTTP may come first.
    await until(() => askedFirst.length >= 2);
    expect(askedFirst).toEqual(['Which city?', 'How many nights?']);
    await killed(first.child);

    const restarted = await startHost(database);
    const askedAgain = questionsAsked(restarted.child);
    // A second client follows the waiting task on the new process before anyone answers.
    const following = fetch(`${restarted.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'SubscribeToTask', params: { id: started.id } }),
    }).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ended = (await post(`${restarted.url}/a2a/v1/message:send`, answer('3'))).task as {
      status: { state: string };
      artifacts: { parts: { text: string }[] }[];
      history: { role: string; parts: { text: string }[] }[];
    };
    expect(ended.status.state).toBe('TASK_STATE_COMPLETED');
    expect(ended.artifacts[0]?.parts[0]?.text).toBe('trip: Lisbon for 3 nights');
    // Run again from its first message: the first question was answered from the history.
    await until(() => askedAgain.length >= 2);
    expect(askedAgain).toEqual(['Which city?', 'How many nights?']);
    expect(ended.history.map((entry) => `${entry.role} ${entry.parts[0]?.text}`)).toEqual([
      'ROLE_USER trip',
      'ROLE_AGENT Which city?',
      'ROLE_USER Lisbon',
      'ROLE_AGENT How many nights?',
      'ROLE_USER 3',
    ]);
    const followed = frames(await following);
    expect(stateOf(followed[0])).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(followed.slice(1).map(stateOf).filter(Boolean)).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']);

    const late = await post(`${restarted.url}/a2a/v1/message:send`, answer('4'));
    expect(JSON.stringify(late)).toContain('has ended');
  }, 60_000);
});
