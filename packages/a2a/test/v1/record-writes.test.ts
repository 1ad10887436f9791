import { randomUUID } from 'node:crypto';
import { InMemoryDocumentStore } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentDirectory,
  defaultMaxTasksInMemory,
  InMemoryV1TaskRecords,
  sharedAgentRegistrationStore,
  type V1TaskRecord,
  type V1TaskState,
  v1TaskCollection,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

/** A document store that counts the writes of task records. */
class CountingStore extends InMemoryDocumentStore {
  taskWrites = 0;
  override put: InMemoryDocumentStore['put'] = (collection, key, value, options) => {
    if (collection === v1TaskCollection) this.taskWrites += 1;
    return super.put(collection, key, value, options);
  };
}

const directory = new AgentDirectory();
let host: TestHost | undefined;
let release: (() => void) | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input; waits for a release when told to',
    tags: [],
    kind: 'local',
    handler: async (request) => {
      if (request.input === 'wait')
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      return `echo: ${request.input}`;
    },
  });
});

afterEach(async () => {
  release?.();
  await host?.close();
  host = undefined;
});

async function rpc(url: string, method: string, params: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as Record<string, unknown>;
}

function send(text: string, configuration?: Record<string, unknown>) {
  return {
    message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] },
    ...(configuration === undefined ? {} : { configuration }),
  };
}

describe('task records of A2A v1.0 sends', () => {
  it('a blocking send writes its task once, when it ends; the answer reads back as recorded', async () => {
    const store = new CountingStore();
    host = await startTestHost({ store });
    const answer = await rpc(host.url, 'SendMessage', send('hello'));
    const task = (answer.result as { task: { id: string } }).task;
    expect(store.taskWrites).toBe(1);
    expect((await rpc(host.url, 'GetTask', { id: task.id })).result).toEqual(task);
  });

  it('a send that answers at once writes the working task first, then its end', async () => {
    const store = new CountingStore();
    host = await startTestHost({ store });
    const answer = await rpc(host.url, 'SendMessage', send('hello', { returnImmediately: true }));
    const id = (answer.result as { task: { id: string } }).task.id;
    for (let waited = 0; waited < 5000; waited += 20) {
      const state = ((await rpc(host.url, 'GetTask', { id })).result as { status: { state: string } }).status.state;
      if (state === 'TASK_STATE_COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(store.taskWrites).toBe(2);
  });

  it('a blocking send still running is not listed yet: no one but its sender can know its id', async () => {
    const store = new CountingStore();
    host = await startTestHost({ store });
    const url = host.url;
    const pending = rpc(url, 'SendMessage', send('wait'));
    for (let waited = 0; release === undefined && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await rpc(url, 'ListTasks', {})).result).toMatchObject({ totalSize: 0 });
    release?.();
    const answer = await pending;
    expect(answer.result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
    expect((await rpc(url, 'ListTasks', {})).result).toMatchObject({ totalSize: 1 });
  });

  it('without persistence, A2A:MaxTasksInMemory forgets the oldest ended tasks, never one still working', async () => {
    host = await startTestHost({ settings: { MaxTasksInMemory: 2 } });
    const url = host.url;
    const working = rpc(url, 'SendMessage', send('wait', { returnImmediately: true }));
    const waitingId = ((await working).result as { task: { id: string } }).task.id;
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three'])
      ids.push(((await rpc(url, 'SendMessage', send(text))).result as { task: { id: string } }).task.id);
    // Two held: the newest ended one and the one still working, older than all.
    for (const id of [ids[0], ids[1]])
      expect((await rpc(url, 'GetTask', { id })).error).toMatchObject({ message: expect.stringContaining(String(id)) });
    for (const id of [waitingId, ids[2]]) expect(await rpc(url, 'GetTask', { id })).toHaveProperty('result');
    expect((await rpc(url, 'ListTasks', {})).result).toMatchObject({ totalSize: 2 });
  });
});

describe('InMemoryV1TaskRecords', () => {
  const record = (id: string, state: V1TaskState) =>
    ({
      task: { id, contextId: 'c', status: { state } },
      skillId: 'echo',
      createdAt: new Date(0).toISOString(),
    }) as unknown as V1TaskRecord;

  it('forgets the oldest ended tasks past its limit, never one working or the one just made', async () => {
    const records = new InMemoryV1TaskRecords({ maxTasks: 3 });
    await records.create(record('done-1', 'TASK_STATE_COMPLETED'));
    await records.create(record('working', 'TASK_STATE_WORKING'));
    await records.create(record('asking', 'TASK_STATE_INPUT_REQUIRED'));
    await records.create(record('done-2', 'TASK_STATE_FAILED'));
    expect((await records.all()).map((kept) => kept.task.id)).toEqual(['working', 'asking', 'done-2']);
    // Past the limit with nothing ended but the task just made: it stays, and so do the working ones.
    await records.update('new', () => record('new', 'TASK_STATE_WORKING'));
    await records.create(record('done-3', 'TASK_STATE_COMPLETED'));
    expect((await records.all()).map((kept) => kept.task.id)).toEqual(['working', 'asking', 'new', 'done-3']);
    expect(defaultMaxTasksInMemory).toBe(10_000);
  });
});
