import { InMemoryDocumentStore } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost, type TestHostOptions } from '../../server/a2a-test-host.js';
import { loopbackPush } from '../push/push-test-kit.js';
import { startWebhookReceiver, type WebhookReceiver } from '../push/webhook-receiver.js';
import { registerV03Agents, rpc, type V03Agents, v03Message } from './v03-test-kit.js';

let host: TestHost | undefined;
let agents: V03Agents;
let webhook: WebhookReceiver | undefined;

beforeEach(() => {
  agents = registerV03Agents();
});

afterEach(async () => {
  agents.release();
  await host?.close();
  host = undefined;
  await webhook?.close();
  webhook = undefined;
});

async function start(options: TestHostOptions = {}): Promise<string> {
  host = await startTestHost({ ...options, settings: { PushNotifications: loopbackPush, ...options.settings } });
  webhook = await startWebhookReceiver();
  return host.url;
}

async function slowTask(url: string): Promise<string> {
  const sent = await rpc(url, 'message/send', { message: v03Message('wait', { metadata: { skillId: 'slow' } }) });
  return (sent.body.result as { id: string }).id;
}

describe('A2A 0.3 push notifications', () => {
  it('a webhook given with message/send hears the task in 0.3 shapes, and get without a config id finds it', async () => {
    const url = await start();
    const sent = await rpc(url, 'message/send', {
      message: v03Message('wait', { metadata: { skillId: 'slow' } }),
      configuration: { pushNotificationConfig: { url: `${webhook?.origin}/with-send`, token: 'send-token' } },
    });
    const taskId = (sent.body.result as { id: string }).id;
    const [first] = (await webhook?.waitFor(1)) ?? [];
    expect(first?.body).toMatchObject({ kind: 'task', id: taskId, status: { state: 'working' } });
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers['a2a-version']).toBeUndefined();
    expect(first?.headers['x-a2a-notification-token']).toBe('send-token');
    agents.release();
    const all = (await webhook?.waitFor(3)) ?? [];
    expect(all.map((call) => call.body.kind)).toEqual(['task', 'artifact-update', 'status-update']);
    expect(all[2]?.body).toMatchObject({ status: { state: 'completed' }, final: true });

    const found = await rpc(url, 'tasks/pushNotificationConfig/get', { id: taskId });
    expect(found.body.result).toEqual({
      taskId,
      pushNotificationConfig: { id: expect.any(String), url: `${webhook?.origin}/with-send`, token: 'send-token' },
    });
  });

  it('set without an id is the task’s own config: set again replaces it; a v1.0 config beside it gets v1.0 shapes', async () => {
    const url = await start();
    const taskId = await slowTask(url);
    const first = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: `${webhook?.origin}/first` },
    });
    expect(first.body.result).toEqual({
      taskId,
      pushNotificationConfig: { id: taskId, url: `${webhook?.origin}/first` },
    });
    const replaced = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: {
        url: `${webhook?.origin}/v03`,
        authentication: { schemes: ['Bearer'], credentials: 'v03-secret' },
      },
    });
    expect(replaced.body.result).toMatchObject({
      pushNotificationConfig: { id: taskId, url: `${webhook?.origin}/v03` },
    });
    const v1 = await rpc(
      url,
      'CreateTaskPushNotificationConfig',
      { taskId, id: '0-v1-hook', url: `${webhook?.origin}/v1` },
      '1.0',
    );
    expect(v1.body.result).toEqual({ id: '0-v1-hook', taskId, url: `${webhook?.origin}/v1` });

    const listed = await rpc(url, 'tasks/pushNotificationConfig/list', { id: taskId });
    // In id order: the v1.0 config first, so `get` without an id below must look for the task's own.
    expect(listed.body.result).toEqual([
      { taskId, pushNotificationConfig: { id: '0-v1-hook', url: `${webhook?.origin}/v1` } },
      {
        taskId,
        pushNotificationConfig: {
          id: taskId,
          url: `${webhook?.origin}/v03`,
          authentication: { schemes: ['Bearer'], credentials: 'v03-secret' },
        },
      },
    ]);
    const own = await rpc(url, 'tasks/pushNotificationConfig/get', { id: taskId });
    expect(own.body.result).toMatchObject({ pushNotificationConfig: { id: taskId } });
    // Read over v1.0, the 0.3 config shows nothing of its version.
    const overV1 = await rpc(url, 'GetTaskPushNotificationConfig', { taskId, id: taskId }, '1.0');
    expect(overV1.body.result).toEqual({
      id: taskId,
      taskId,
      url: `${webhook?.origin}/v03`,
      authentication: { scheme: 'Bearer', credentials: 'v03-secret' },
    });

    agents.release();
    const calls = (await webhook?.waitFor(4)) ?? [];
    const byPath = (path: string) => calls.filter((call) => call.path === path);
    expect(byPath('/v03').map((call) => call.body.kind)).toEqual(['artifact-update', 'status-update']);
    expect(byPath('/v03')[1]?.headers.authorization).toBe('Bearer v03-secret');
    expect(byPath('/v1').map((call) => Object.keys(call.body)[0])).toEqual(['artifactUpdate', 'statusUpdate']);
    expect(byPath('/v1')[0]?.headers['a2a-version']).toBe('1.0');
    expect(byPath('/first')).toEqual([]);

    const deleted = await rpc(url, 'tasks/pushNotificationConfig/delete', {
      id: taskId,
      pushNotificationConfigId: taskId,
    });
    expect(deleted.body).toEqual({ jsonrpc: '2.0', id: 11, result: null });
    const gone = await rpc(url, 'tasks/pushNotificationConfig/get', { id: taskId, pushNotificationConfigId: taskId });
    expect(gone.body.error).toMatchObject({ code: -32001 });
  });

  it('keeps the first of several schemes, and no authentication without credentials (nothing to send)', async () => {
    const url = await start();
    const taskId = await slowTask(url);
    const two = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: {
        id: 'two',
        url: `${webhook?.origin}/two`,
        authentication: { schemes: ['Bearer', 'Basic'], credentials: 'c-1' },
      },
    });
    expect(two.body.result).toMatchObject({
      pushNotificationConfig: { authentication: { schemes: ['Bearer'], credentials: 'c-1' } },
    });
    const bare = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { id: 'bare', url: `${webhook?.origin}/bare`, authentication: { schemes: ['Bearer'] } },
    });
    expect(bare.body.result).toEqual({
      taskId,
      pushNotificationConfig: { id: 'bare', url: `${webhook?.origin}/bare` },
    });
    agents.release();
    const calls = (await webhook?.waitFor(4)) ?? [];
    expect(
      calls.filter((call) => call.path === '/bare').every((call) => call.headers.authorization === undefined),
    ).toBe(true);
    const invalid = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: 'not a url at all' },
    });
    expect(invalid.body.error).toMatchObject({ code: -32602 });
  });

  it('keeps the 0.3 mark in the task records, so deliveries after a restart keep the shape', async () => {
    const store = new InMemoryDocumentStore();
    const url = await start({ store });
    const taskId = await slowTask(url);
    await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: `${webhook?.origin}/x` },
    });
    const stored = await store.get('a2a-v1-push-configs', `${taskId}/${taskId}`);
    expect(stored?.value).toMatchObject({ id: taskId, taskId, protocolVersion: '0.3' });
  });

  it('answers PushNotificationNotSupported in 0.3 form with A2A:PushNotifications:Enabled false', async () => {
    const url = await start({ settings: { PushNotifications: { Enabled: false } } });
    const taskId = await slowTask(url);
    const set = await rpc(url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: 'https://h.example' },
    });
    expect(set.body.error).toEqual({ code: -32003, message: expect.stringContaining('A2A:PushNotifications:Enabled') });
    const list = await rpc(url, 'tasks/pushNotificationConfig/list', { id: taskId });
    expect(list.body.error).toMatchObject({ code: -32003 });
    const withSend = await rpc(url, 'message/send', {
      message: v03Message('x', { metadata: { skillId: 'echo' } }),
      configuration: { pushNotificationConfig: { url: 'https://h.example' } },
    });
    expect(withSend.body.error).toMatchObject({ code: -32003 });
  });
});
