import { StreamResponse } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestHost } from '../../server/a2a-test-host.js';
import { type Gate, loopbackPush, registerPushAgents, startGatedTask, startPushHost } from './push-test-kit.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

let gate: Gate;
let host: TestHost | undefined;
let webhook: WebhookReceiver | undefined;

beforeEach(() => {
  gate = registerPushAgents();
});

afterEach(async () => {
  gate.open();
  await host?.close();
  host = undefined;
  await webhook?.close();
  webhook = undefined;
});

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('the official A2A client’s push config calls over %s', (binding) => {
  it('create, get, list and delete a config; the webhook then gets events the SDK reads', async () => {
    host = await startPushHost({ settings: { PushNotifications: loopbackPush } });
    webhook = await startWebhookReceiver();
    const client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: [binding] }),
    ).createFromUrl(host.url);
    expect(client.transport.protocolName).toBe(binding);
    expect((await client.getAgentCard()).capabilities?.pushNotifications).toBe(true);
    const taskId = await startGatedTask(host.url);

    const made = await client.createTaskPushNotificationConfig({
      tenant: '',
      id: '',
      taskId,
      url: `${webhook.origin}/sdk-hook`,
      token: 'sdk-token',
      authentication: { scheme: 'Bearer', credentials: 'sdk-credentials' },
    });
    expect(made).toMatchObject({
      taskId,
      url: `${webhook.origin}/sdk-hook`,
      token: 'sdk-token',
      authentication: { scheme: 'Bearer', credentials: 'sdk-credentials' },
    });
    expect(made.id).not.toBe('');
    const second = await client.createTaskPushNotificationConfig({
      tenant: '',
      id: 'second',
      taskId,
      url: `${webhook.origin}/other`,
      token: '',
      authentication: undefined,
    });
    expect(second).toMatchObject({ id: 'second', taskId, token: '' });

    expect(await client.getTaskPushNotificationConfig({ tenant: '', taskId, id: made.id })).toEqual(made);
    const listed = await client.listTaskPushNotificationConfig({ tenant: '', taskId, pageSize: 0, pageToken: '' });
    expect(listed.nextPageToken).toBe('');
    expect(listed.configs.map((config) => config.id).sort()).toEqual([made.id, 'second'].sort());

    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId, id: 'second' });
    await expect(client.getTaskPushNotificationConfig({ tenant: '', taskId, id: 'second' })).rejects.toBeInstanceOf(
      TaskNotFoundError,
    );
    await expect(
      client.listTaskPushNotificationConfig({ tenant: '', taskId: 'no-such-task', pageSize: 0, pageToken: '' }),
    ).rejects.toBeInstanceOf(TaskNotFoundError);

    gate.open();
    const received = await webhook.waitFor(2);
    const cases = received.map((request) => StreamResponse.fromJSON(request.body).payload?.$case);
    expect(cases).toEqual(['artifactUpdate', 'statusUpdate']);
    expect(received.every((request) => request.path === '/sdk-hook')).toBe(true);
    expect(received[0]?.headers.authorization).toBe('Bearer sdk-credentials');
  });
});
