import { Role, SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from '@a2a-js/sdk/client';
import { legacyPushNotificationToV1StreamResponse } from '@a2a-js/sdk/compat/v0_3';
import { parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost, type TestHostOptions } from '../../server/a2a-test-host.js';
import { loopbackPush } from '../push/push-test-kit.js';
import { startWebhookReceiver, type WebhookReceiver } from '../push/webhook-receiver.js';
import { registerV03Agents, type V03Agents } from './v03-test-kit.js';

let host: TestHost | undefined;
let agents: V03Agents;
let webhook: WebhookReceiver | undefined;
/** What the SDK client put on the wire: each request's `A2A-Version` and JSON-RPC method. */
let wire: { version: string | null; method: string }[];

beforeEach(() => {
  agents = registerV03Agents();
  wire = [];
});

afterEach(async () => {
  agents.release();
  await host?.close();
  host = undefined;
  await webhook?.close();
  webhook = undefined;
});

/** A fetch that notes what the SDK sends, then sends it. */
const recordingFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {};
  wire.push({ version: headers.get('a2a-version'), method: body.method ?? '' });
  return fetch(input, init);
};

const compat = { legacyCompat: { enabled: true } } as const;

/**
 * The official SDK's client in its v0.3 compatibility mode, given the card our server
 * serves with the interfaces kept to its 0.3 one: the SDK prefers 1.0 wherever a card
 * offers it, as it should, so a 0.3 peer is what this makes of it.
 */
async function v03Client(options: TestHostOptions = {}): Promise<Client> {
  host ??= await startTestHost(options);
  const response = await fetch(`${host.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } });
  const card = (await response.json()) as { supportedInterfaces: { protocolVersion: string }[] };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ ...compat, fetchImpl: recordingFetch })],
      cardResolver: new DefaultAgentCardResolver(compat),
    }),
  );
  return factory.createFromAgentCard({
    ...card,
    supportedInterfaces: card.supportedInterfaces.filter((entry) => entry.protocolVersion === '0.3'),
  } as never);
}

function send(text: string, skillId: string, extra: Record<string, unknown> = {}, blocking = true) {
  return SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }], metadata: { skillId }, ...extra },
    configuration: { returnImmediately: !blocking },
  });
}

function textOf(task: Task): string {
  const part = task.artifacts[0]?.parts[0]?.content;
  return part?.$case === 'text' ? String(part.value) : '';
}

function asTask(result: Awaited<ReturnType<Client['sendMessage']>>): Task {
  if (!('id' in result)) throw new Error('expected a task');
  return result;
}

describe('the official SDK client in v0.3 compatibility mode against our server', () => {
  it('reads the 0.3 card a request without A2A-Version gets, and the 0.3 interface of the v1.0 card', async () => {
    host = await startTestHost({
      security: { AllowedAuthSchemes: ['Bearer'], Bearer: { Tokens: ['t-123456'] } },
    });
    const headerless = await fetch(`${host.url}/.well-known/agent-card.json`);
    expect(headerless.headers.get('vary')).toBe('A2A-Version');
    const v03Card = (await headerless.json()) as Record<string, unknown>;
    expect(v03Card).toMatchObject({
      url: `${host.url}/a2a/jsonrpc`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3',
      capabilities: { streaming: true, pushNotifications: true },
      supportsAuthenticatedExtendedCard: false,
      securitySchemes: { bearer: { type: 'http', scheme: 'Bearer' } },
      security: [{ bearer: [] }],
      skills: [{ id: 'echo' }, { id: 'slow' }, { id: 'asker' }],
    });
    // A 0.3 reader (the SDK's own translator) takes it as an A2A 0.3 JSON-RPC agent.
    const { supportedInterfaces: embedded, ...pureV03 } = v03Card;
    const parsed = parseLegacyAgentCard(pureV03);
    expect(parsed.supportedInterfaces).toEqual([
      { url: `${host.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ]);
    expect(parsed.securityRequirements).toEqual([{ schemes: { bearer: { list: [] } } }]);
    // The v1.0 interfaces stay in it, for a v1.0 client that sends no header.
    expect(embedded).toEqual([
      { url: `${host.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${host.url}/a2a/v1`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: `${host.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);

    // A v1.0 client (A2A-Version: 1.0) still gets the v1.0 card, the 0.3 interface listed last.
    const v1Client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory(compat)],
        cardResolver: new DefaultAgentCardResolver(compat),
      }),
    ).createFromUrl(host.url);
    expect(v1Client.protocolVersion).toBe('1.0');
    const v1Card = await v1Client.getAgentCard();
    expect(v1Card.supportedInterfaces.map((entry) => `${entry.protocolBinding} ${entry.protocolVersion}`)).toEqual([
      'JSONRPC 1.0',
      'HTTP+JSON 1.0',
      'JSONRPC 0.3',
    ]);
  });

  it('sends, streams and gets over message/send, message/stream and tasks/get with A2A-Version 0.3', async () => {
    const client = await v03Client();
    expect(client.protocolVersion).toBe('0.3');
    const task = asTask(await client.sendMessage(send('hello', 'echo')));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(task)).toBe('echo: hello');
    expect(task.history.map((message) => message.role)).toEqual([Role.ROLE_USER]);

    const kinds: string[] = [];
    for await (const event of client.sendMessageStream(send('streamed', 'echo'))) {
      const payload = event.payload;
      kinds.push(
        payload?.$case === 'statusUpdate'
          ? `status:${TaskState[payload.value.status?.state ?? 0]}`
          : (payload?.$case ?? ''),
      );
    }
    expect(kinds).toEqual(['task', 'artifactUpdate', 'status:TASK_STATE_COMPLETED']);

    const read = await client.getTask({ id: task.id, historyLength: 0, tenant: '' });
    expect(read.history).toEqual([]);
    expect(textOf(read)).toBe('echo: hello');
    await expect(client.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined })).rejects.toBeInstanceOf(
      TaskNotFoundError,
    );
    expect(wire.map((call) => call.method)).toEqual(['message/send', 'message/stream', 'tasks/get', 'tasks/get']);
    expect(new Set(wire.map((call) => call.version))).toEqual(new Set(['0.3']));
  });

  it('cancels a running task while a second client, resubscribed to it, sees the cancellation', async () => {
    const client = await v03Client();
    const started = asTask(await client.sendMessage(send('wait', 'slow', {}, false)));
    expect(started.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const watcher = await v03Client();
    const seen: string[] = [];
    for await (const event of watcher.resubscribeTask({ id: started.id, tenant: '' })) {
      const payload = event.payload;
      seen.push(
        payload?.$case === 'statusUpdate'
          ? (TaskState[payload.value.status?.state ?? 0] ?? '')
          : (payload?.$case ?? ''),
      );
      if (seen.length === 1) {
        const cancelled = await client.cancelTask({ id: started.id, tenant: '', metadata: undefined });
        expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      }
    }
    expect(seen).toEqual(['task', 'TASK_STATE_CANCELED']);
    expect(wire.map((call) => call.method)).toContain('tasks/resubscribe');
    expect(wire.map((call) => call.method)).toContain('tasks/cancel');
  });

  it('an agent that asks: the task stops input-required, and the follow-up message completes it', async () => {
    const client = await v03Client();
    const asked = asTask(await client.sendMessage(send('weekend', 'asker')));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const question = asked.status?.message?.parts[0]?.content;
    expect(question).toEqual({ $case: 'text', value: 'Which city?' });
    const done = asTask(
      await client.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: crypto.randomUUID(),
            role: 'ROLE_USER',
            taskId: asked.id,
            contextId: asked.contextId,
            parts: [{ text: 'Paris' }],
          },
          configuration: { returnImmediately: false },
        }),
      ),
    );
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(done)).toBe('plan for Paris (weekend)');
  });

  it('sets, gets, lists and deletes a push config; the webhook gets 0.3 events the SDK reads', async () => {
    webhook = await startWebhookReceiver();
    const client = await v03Client({ settings: { PushNotifications: loopbackPush } });
    const started = asTask(await client.sendMessage(send('wait', 'slow', {}, false)));
    const made = await client.createTaskPushNotificationConfig({
      tenant: '',
      id: 'hook-1',
      taskId: started.id,
      url: `${webhook.origin}/hook`,
      token: 'v03-token',
      authentication: { scheme: 'Bearer', credentials: 'v03-credentials' },
    });
    expect(made).toMatchObject({
      id: 'hook-1',
      taskId: started.id,
      url: `${webhook.origin}/hook`,
      token: 'v03-token',
      authentication: { scheme: 'Bearer', credentials: 'v03-credentials' },
    });
    const read = await client.getTaskPushNotificationConfig({ tenant: '', taskId: started.id, id: 'hook-1' });
    expect(read.url).toBe(`${webhook.origin}/hook`);
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: started.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(listed.configs.map((config) => config.id)).toEqual(['hook-1']);

    agents.release();
    const [artifact, status] = await webhook.waitFor(2);
    expect(status?.headers['content-type']).toBe('application/json');
    expect(status?.headers['a2a-version']).toBeUndefined();
    expect(status?.headers.authorization).toBe('Bearer v03-credentials');
    expect(status?.headers['x-a2a-notification-token']).toBe('v03-token');
    expect(artifact?.body).toMatchObject({ kind: 'artifact-update', taskId: started.id });
    expect(status?.body).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
    const decoded = legacyPushNotificationToV1StreamResponse(status?.body);
    expect(decoded.payload?.$case).toBe('statusUpdate');

    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: started.id, id: 'hook-1' });
    const after = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: started.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(after.configs).toEqual([]);
    expect(wire.map((call) => call.method)).toEqual([
      'message/send',
      'tasks/pushNotificationConfig/set',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/list',
    ]);
  });
});
