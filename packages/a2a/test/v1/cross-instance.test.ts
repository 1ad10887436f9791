import { randomUUID } from 'node:crypto';
import {
  type ChangeFeed,
  ChangeFeedService,
  type DocumentStore,
  InMemoryDocumentStore,
  InProcessChangeFeed,
  type ServiceCollection,
} from '@orkeon/core';
import { PostgresChangeFeed, PostgresDocumentStore } from '@orkeon/store-postgres';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type A2ASettingsInput, AgentDirectory, sharedAgentRegistrationStore } from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';
import { loopbackPush } from './push/push-test-kit.js';
import { startWebhookReceiver } from './push/webhook-receiver.js';

const directory = new AgentDirectory();
const hosts: TestHost[] = [];
/** The agent waits for the gate (or its signal) before it answers; `release` opens it. */
let gate: Promise<void>;
let release: () => void = () => {};
let stoppedBy: unknown;

function closeGate(): void {
  gate = new Promise<void>((resolve) => {
    release = resolve;
  });
}

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  stoppedBy = undefined;
  closeGate();
  directory.register({
    id: 'slow',
    name: 'Slow',
    description: 'Answers when let',
    tags: [],
    kind: 'local',
    handler: async (request, signal) => {
      await new Promise<void>((resolve) => {
        void gate.then(resolve);
        signal.addEventListener('abort', () => {
          stoppedBy = signal.reason;
          resolve();
        });
      });
      return `answer to ${request.input}`;
    },
  });
});

afterEach(async () => {
  release();
  for (const host of hosts.splice(0)) await host.close();
});

/** Two instances on one store; with a feed they hear each other at once, without one every 2 s. */
async function twoInstances(store: DocumentStore, feed?: ChangeFeed): Promise<[TestHost, TestHost]> {
  return [await instance(store, feed), await instance(store, feed)];
}

async function instance(store: DocumentStore, feed?: ChangeFeed, settings?: A2ASettingsInput): Promise<TestHost> {
  const before = (services: ServiceCollection) => {
    if (feed !== undefined) services.addInstance(ChangeFeedService, feed);
  };
  const host = await startTestHost({ store, before, ...(settings === undefined ? {} : { settings }) });
  hosts.push(host);
  return host;
}

async function send(host: TestHost, text: string): Promise<string> {
  const response = await fetch(`${host.url}/a2a/v1/message:send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], metadata: { skillId: 'slow' } },
      configuration: { returnImmediately: true },
    }),
  });
  return ((await response.json()) as { task: { id: string } }).task.id;
}

/** The frames of `GET tasks/{id}:subscribe` on `host`, read to the end of the stream. */
async function subscribe(host: TestHost, taskId: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${host.url}/a2a/v1/tasks/${taskId}:subscribe`, { headers: { 'a2a-version': '1.0' } });
  return (await response.text())
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as Record<string, unknown>);
}

function kinds(frames: Record<string, unknown>[]): string[] {
  return frames.map((frame) => {
    const update = frame.statusUpdate as { status: { state: string } } | undefined;
    const task = frame.task as { status: { state: string } } | undefined;
    return update?.status.state ?? task?.status.state ?? Object.keys(frame)[0] ?? '';
  });
}

describe('A2A v1.0 tasks across instances on one store', () => {
  for (const withFeed of [true, false])
    it(`a stream on B follows a task running on A to its end (${withFeed ? 'announced on the feed' : 'read every 2 s'})`, async () => {
      const [a, b] = await twoInstances(new InMemoryDocumentStore(), withFeed ? new InProcessChangeFeed() : undefined);
      const taskId = await send(a, 'tides');
      const followed = subscribe(b, taskId);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const released = Date.now();
      release();
      const frames = await followed;
      expect(kinds(frames)).toEqual(['TASK_STATE_WORKING', 'artifactUpdate', 'TASK_STATE_COMPLETED']);
      expect(frames[1]).toMatchObject({
        artifactUpdate: { taskId, artifact: { parts: [{ text: 'answer to tides' }] }, lastChunk: true },
      });
      // The feed tells at once; without it the next read (every 2 s) does.
      expect(Date.now() - released).toBeLessThan(withFeed ? 1000 : 3000);
    });

  it('a cancel on B stops the agent running on A, and A’s streams end CANCELED', async () => {
    const [a, b] = await twoInstances(new InMemoryDocumentStore(), new InProcessChangeFeed());
    const taskId = await send(a, 'storms');
    const onA = subscribe(a, taskId);
    const response = await fetch(`${b.url}/a2a/v1/tasks/${taskId}:cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: '{}',
    });
    expect(((await response.json()) as { status: { state: string } }).status.state).toBe('TASK_STATE_CANCELED');
    expect(kinds(await onA)).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_CANCELED']);
    await expect.poll(() => stoppedBy, { timeout: 2000 }).toBeInstanceOf(Error);
    expect(String((stoppedBy as Error).message)).toContain('on another server instance');
    expect(a.server.runningTaskCount).toBe(0);
  });
});

describe('A2A v1.0 tasks across instances on PostgreSQL', () => {
  let server: PostgresServer;
  const opened: AsyncDisposable[] = [];
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    for (const resource of opened.splice(0)) await resource[Symbol.asyncDispose]();
    await server?.stop();
  });

  /** One instance as a process of its own would be: its own pools to the shared schema. */
  async function onPostgres(schema: string): Promise<TestHost> {
    const store = new PostgresDocumentStore({ connectionString: server.connectionString, schema });
    const feed = new PostgresChangeFeed({ connectionString: server.connectionString, schema });
    opened.push(store, feed);
    return instance(store, feed, { PushNotifications: loopbackPush });
  }

  it('a stream on B follows a task running on A; a cancel on B stops the agent on A', async () => {
    const schema = `cross_${process.pid}`;
    const a = await onPostgres(schema);
    const b = await onPostgres(schema);
    const first = await send(a, 'tides');
    const followed = subscribe(b, first);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const released = Date.now();
    release();
    expect(kinds(await followed)).toEqual(['TASK_STATE_WORKING', 'artifactUpdate', 'TASK_STATE_COMPLETED']);
    expect(Date.now() - released).toBeLessThan(1000);

    closeGate();
    const second = await send(a, 'storms-never-let');
    const response = await fetch(`${b.url}/a2a/v1/tasks/${second}:cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    await expect.poll(() => stoppedBy, { timeout: 2000 }).toBeInstanceOf(Error);
    await expect.poll(() => a.server.runningTaskCount, { timeout: 2000 }).toBe(0);
  });

  it('a webhook set on B for a task running on A is told its updates by A', async () => {
    const schema = `push_${process.pid}`;
    const a = await onPostgres(schema);
    const b = await onPostgres(schema);
    const hook = await startWebhookReceiver();
    const taskId = await send(a, 'reef');
    const set = await fetch(`${b.url}/a2a/v1/tasks/${taskId}/pushNotificationConfigs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ url: `${hook.origin}/hook` }),
    });
    expect(set.status).toBe(201);
    release();
    const received = await hook.waitFor(2, 5000);
    expect(received.map((webhook) => Object.keys(webhook.body)[0])).toEqual(['artifactUpdate', 'statusUpdate']);
    expect(JSON.stringify(received[1]?.body)).toContain('TASK_STATE_COMPLETED');
    await hook.close();
  });
});
