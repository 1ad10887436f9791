import { v1PushDeliveryCollection } from '@orkeon/a2a';
import { InMemoryDocumentStore } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHost } from '../../server/a2a-test-host.js';
import {
  type CapturedLog,
  type Gate,
  loopbackPush,
  message,
  registerPushAgents,
  rpc,
  startGatedTask,
  startPushHost,
} from './push-test-kit.js';
import { quietFor, startWebhookReceiver, type WebhookAnswer, type WebhookReceiver } from './webhook-receiver.js';

let gate: Gate;
let host: (TestHost & { log: CapturedLog }) | undefined;
let store: InMemoryDocumentStore;
const receivers: WebhookReceiver[] = [];

beforeEach(() => {
  gate = registerPushAgents();
  store = new InMemoryDocumentStore();
});

afterEach(async () => {
  gate.open();
  await host?.close();
  host = undefined;
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function start(push: Record<string, unknown> = {}): Promise<string> {
  host = await startPushHost({ store, settings: { PushNotifications: { ...loopbackPush, ...push } } });
  return host.url;
}

async function receiver(answer?: WebhookAnswer): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer === undefined ? {} : { answer });
  receivers.push(started);
  return started;
}

async function addConfig(url: string, taskId: string, config: Record<string, unknown>): Promise<string> {
  const made = await rpc(url, 'CreateTaskPushNotificationConfig', { taskId, ...config });
  const id = (made.body.result as { id?: string } | undefined)?.id;
  if (id === undefined) throw new Error(`no config: ${JSON.stringify(made.body)}`);
  return id;
}

/** The kind of each webhook body: `artifactUpdate`, or `statusUpdate:<state>`. */
function kinds(bodies: readonly Record<string, unknown>[]): string[] {
  return bodies.map((body) => {
    const status = (body.statusUpdate as { status: { state: string } } | undefined)?.status.state;
    return status === undefined ? Object.keys(body).join(',') : `statusUpdate:${status}`;
  });
}

/** Waits until no delivery is pending in the store. */
async function journalEmptied(): Promise<void> {
  for (let waited = 0; (await store.list(v1PushDeliveryCollection)).length > 0; waited += 10) {
    if (waited > 5000) throw new Error('deliveries still pending');
    await quietFor(10);
  }
}

function warnings(): string[] {
  return (host?.log.lines ?? []).filter((line) => line.level === 40).map((line) => String(line.msg));
}

describe('webhook delivery', () => {
  it('registers the config a SendMessage brings: its webhook hears the task start, its artifact and its end', async () => {
    const url = await start();
    const webhook = await receiver();
    const sent = await rpc(
      url,
      'SendMessage',
      message('hello', 'echo', { taskPushNotificationConfig: { url: `${webhook.origin}/hook`, token: 'sent-along' } }),
    );
    const taskId = (sent.body.result as { task: { id: string } }).task.id;
    const bodies = (await webhook.waitFor(3)).map((received) => received.body);
    expect(kinds(bodies)).toEqual(['task', 'artifactUpdate', 'statusUpdate:TASK_STATE_COMPLETED']);
    expect((bodies[0]?.task as { status: { state: string } } | undefined)?.status.state).toBe('TASK_STATE_WORKING');
    expect(webhook.received.every((received) => received.headers['x-a2a-notification-token'] === 'sent-along')).toBe(
      true,
    );
    const listed = await rpc(url, 'ListTaskPushNotificationConfigs', { taskId });
    expect(listed.body.result).toMatchObject({ configs: [{ taskId, url: `${webhook.origin}/hook` }] });
  });

  it('tells a webhook of a cancelled task once: CANCELED, not again when the agent stops', async () => {
    const url = await start();
    const webhook = await receiver();
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    await rpc(url, 'CancelTask', { id: taskId });
    await webhook.waitFor(1);
    gate.open();
    await quietFor(300);
    expect(kinds(webhook.received.map((received) => received.body))).toEqual(['statusUpdate:TASK_STATE_CANCELED']);
  });

  it('posts every event of the task as its StreamResponse, with the A2A headers, the Authorization and the token', async () => {
    const url = await start();
    const webhook = await receiver();
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, {
      url: `${webhook.origin}/hook?from=test`,
      token: 'tok-1',
      authentication: { scheme: 'Bearer', credentials: 'secret-1' },
    });
    gate.open();
    const [artifact, status] = await webhook.waitFor(2);
    const task = (await rpc(url, 'GetTask', { id: taskId })).body.result as Record<string, unknown>;
    expect(artifact?.body).toEqual({
      artifactUpdate: {
        taskId,
        contextId: task.contextId,
        artifact: { artifactId: `${taskId}-output`, name: 'output', parts: [{ text: 'done: work' }] },
        lastChunk: true,
      },
    });
    expect(status?.body).toEqual({ statusUpdate: { taskId, contextId: task.contextId, status: task.status } });
    for (const request of [artifact, status]) {
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/hook?from=test');
      expect(request?.headers).toMatchObject({
        'content-type': 'application/a2a+json',
        'a2a-version': '1.0',
        authorization: 'Bearer secret-1',
        'x-a2a-notification-token': 'tok-1',
      });
    }
    await journalEmptied();
  });

  it('sends no Authorization or token header when the config has none', async () => {
    const url = await start();
    const webhook = await receiver();
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/bare` });
    await rpc(url, 'CancelTask', { id: taskId });
    const [request] = await webhook.waitFor(1);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['x-a2a-notification-token']).toBeUndefined();
    expect(kinds([request?.body ?? {}])).toEqual(['statusUpdate:TASK_STATE_CANCELED']);
  });

  it('retries 503 with growing waits: a receiver that answers 503 twice, then 200, gets the event on the third attempt', async () => {
    const url = await start({ RetryBaseDelaySeconds: 0.05, RetryMaxDelaySeconds: 1 });
    const webhook = await receiver((index) => (index < 2 ? 503 : 200));
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    const received = await webhook.waitFor(4);
    await journalEmptied();
    await quietFor(150);
    expect(kinds(webhook.received.map((request) => request.body))).toEqual([
      'artifactUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
    const attempts = received.slice(0, 3);
    expect(new Set(attempts.map((attempt) => JSON.stringify(attempt.body))).size).toBe(1);
    const [first, second, third] = attempts.map((attempt) => attempt.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(45);
    expect(third - second).toBeGreaterThanOrEqual(95);
    expect(warnings()).toEqual([]);
  });

  it('keeps the order of a task’s events: a retried event holds back the next one', async () => {
    const url = await start();
    const webhook = await receiver((index) => (index === 0 ? 503 : 200));
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    const received = await webhook.waitFor(3);
    expect(kinds(received.map((request) => request.body))).toEqual([
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
  });

  it('gives up at once on another 4xx, with one warning line per event that shows no secret', async () => {
    const url = await start();
    const webhook = await receiver(() => 400);
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, {
      url: `${webhook.origin}/hook`,
      token: 'tok-secret',
      authentication: { scheme: 'Bearer', credentials: 'cred-secret' },
    });
    gate.open();
    await webhook.waitFor(2);
    await journalEmptied();
    await quietFor(200);
    expect(kinds(webhook.received.map((request) => request.body))).toEqual([
      'artifactUpdate',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
    expect(warnings()).toEqual([expect.stringContaining('answered 400'), expect.stringContaining('answered 400')]);
    const logged = JSON.stringify(host?.log.lines);
    expect(logged).toContain(taskId);
    expect(logged).not.toContain('tok-secret');
    expect(logged).not.toContain('cred-secret');
  });

  it('stops after MaxAttempts on 5xx and 429, honouring Retry-After up to RetryMaxDelaySeconds', async () => {
    const url = await start({ MaxAttempts: 3, RetryMaxDelaySeconds: 0.3 });
    const webhook = await receiver((index) => (index === 0 ? { status: 429, headers: { 'retry-after': '5' } } : 500));
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    const attempts = await webhook.waitFor(6);
    await journalEmptied();
    await quietFor(400);
    expect(kinds(webhook.received.map((request) => request.body))).toEqual([
      ...Array<string>(3).fill('artifactUpdate'),
      ...Array<string>(3).fill('statusUpdate:TASK_STATE_COMPLETED'),
    ]);
    const gap = (attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0);
    // Retry-After: 5 asks for 5 s; the cap (0.3 s) wins over it and over the 20 ms base delay.
    expect(gap).toBeGreaterThanOrEqual(290);
    expect(gap).toBeLessThan(3000);
    expect(warnings()).toEqual(Array(2).fill(expect.stringContaining('given up after 3 attempts')));
  });

  it('retries a webhook that does not answer within TimeoutSeconds', async () => {
    const url = await start({ TimeoutSeconds: 0.2, MaxAttempts: 2 });
    const webhook = await receiver(() => 0);
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    await webhook.waitFor(4);
    await journalEmptied();
    expect(kinds(webhook.received.map((request) => request.body))).toEqual([
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate:TASK_STATE_COMPLETED',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
    expect(warnings()).toEqual(Array(2).fill(expect.stringContaining('no answer within 0.2 s')));
  });

  it('does not follow a redirect', async () => {
    const url = await start();
    const elsewhere = await receiver();
    const webhook = await receiver(() => ({ status: 307, headers: { location: `${elsewhere.origin}/stolen` } }));
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    await webhook.waitFor(2);
    await journalEmptied();
    await quietFor(100);
    expect(webhook.received).toHaveLength(2);
    expect(elsewhere.received).toHaveLength(0);
    expect(warnings()).toEqual(Array(2).fill(expect.stringContaining('redirect')));
  });

  it('delivers to each config on its own: one failing webhook holds back no other', async () => {
    const url = await start({ MaxAttempts: 4, RetryBaseDelaySeconds: 0.1, RetryMaxDelaySeconds: 1 });
    const failing = await receiver(() => 503);
    const working = await receiver();
    const taskId = await startGatedTask(url);
    await addConfig(url, taskId, { url: `${failing.origin}/hook` });
    await addConfig(url, taskId, { url: `${working.origin}/hook` });
    gate.open();
    const delivered = await working.waitFor(2);
    expect(kinds(delivered.map((request) => request.body))).toEqual([
      'artifactUpdate',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
    // The failing webhook is still being retried on its first event (waits of 0.1, 0.2, 0.4 s).
    expect(failing.received.length).toBeLessThan(4);
    await failing.waitFor(8, 10_000);
    expect(kinds(failing.received.map((request) => request.body))).toEqual([
      ...Array<string>(4).fill('artifactUpdate'),
      ...Array<string>(4).fill('statusUpdate:TASK_STATE_COMPLETED'),
    ]);
  });

  it('drops the pending deliveries of a config that is deleted', async () => {
    const url = await start({ MaxAttempts: 20, RetryBaseDelaySeconds: 0.1, RetryMaxDelaySeconds: 0.1 });
    const webhook = await receiver(() => 503);
    const taskId = await startGatedTask(url);
    const id = await addConfig(url, taskId, { url: `${webhook.origin}/hook` });
    gate.open();
    await webhook.waitFor(1);
    await rpc(url, 'DeleteTaskPushNotificationConfig', { taskId, id });
    await journalEmptied();
    const after = webhook.received.length;
    await quietFor(300);
    expect(after).toBeLessThanOrEqual(2);
    expect(webhook.received.length).toBe(after);
  });
});
