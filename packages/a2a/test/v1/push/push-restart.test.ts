import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type V1PushDelivery, v1PushConfigCollection, v1PushDeliveryCollection } from '@orkeon/a2a';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptProcess } from '../../server/start-host-process.js';
import { quietFor, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const script = fileURLToPath(new URL('./push-host-process.ts', import.meta.url));

let folder: TemporaryDirectory;
const children: ChildProcess[] = [];
const receivers: WebhookReceiver[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const receiver of receivers.splice(0)) await receiver.close();
  await folder.remove();
});

async function startHost(
  database: string,
  push: Record<string, unknown>,
): Promise<{ url: string; child: ChildProcess }> {
  const started = await startScriptProcess(script, [database, JSON.stringify(push)]);
  children.push(started.child);
  return started;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });
}

async function rpc(url: string, method: string, params: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Reads one collection of the (closed) database file. */
async function stored<T>(database: string, collection: string): Promise<T[]> {
  const store = new SqliteDocumentStore({ path: database });
  try {
    return (await store.list<T>(collection)).map((document) => document.value);
  } finally {
    await store.close();
  }
}

describe('push notifications across a restart', () => {
  it('a delivery pending when the server is killed (its receiver down) arrives after the restart, then is removed', async () => {
    const database = join(folder.path, 'state.db');
    const down = await startWebhookReceiver({ answer: () => 503 });
    receivers.push(down);
    const port = down.port;
    const first = await startHost(database, {
      AllowedHosts: ['127.0.0.1'],
      RetryBaseDelaySeconds: 60,
      RetryMaxDelaySeconds: 60,
    });
    const sent = await rpc(first.url, 'SendMessage', {
      message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'wait' }], metadata: { skillId: 'slow' } },
      configuration: { returnImmediately: true },
    });
    const taskId = (sent.result as { task: { id: string } }).task.id;
    const made = await rpc(first.url, 'CreateTaskPushNotificationConfig', {
      taskId,
      id: 'kept',
      url: `http://127.0.0.1:${port}/hook`,
      token: 'tok-restart',
    });
    expect(made.result).toMatchObject({ id: 'kept', taskId });
    await rpc(first.url, 'CancelTask', { id: taskId });
    // The first attempt got 503 (and was counted, just after); the next would come a minute later.
    await down.waitFor(1);
    await quietFor(500);
    await down.close();
    receivers.splice(0);
    await killed(first.child);

    const pending = await stored<V1PushDelivery>(database, v1PushDeliveryCollection);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending[0]).toMatchObject({
      taskId,
      configId: 'kept',
      attempts: 1,
      event: { statusUpdate: { taskId, status: { state: 'TASK_STATE_CANCELED' } } },
    });

    const up = await startWebhookReceiver({ port });
    receivers.push(up);
    const second = await startHost(database, { AllowedHosts: ['127.0.0.1'], RetryBaseDelaySeconds: 0.05 });
    const [delivered] = await up.waitFor(1, 20_000);
    expect(delivered?.body).toMatchObject({ statusUpdate: { taskId, status: { state: 'TASK_STATE_CANCELED' } } });
    expect(delivered?.headers['x-a2a-notification-token']).toBe('tok-restart');
    await quietFor(500);
    expect(up.received.length).toBe(pending.length);
    await killed(second.child);

    expect(await stored(database, v1PushDeliveryCollection)).toEqual([]);
    expect(await stored(database, v1PushConfigCollection)).toEqual([
      { id: 'kept', taskId, url: `http://127.0.0.1:${port}/hook`, token: 'tok-restart' },
    ]);
  }, 60_000);
});
