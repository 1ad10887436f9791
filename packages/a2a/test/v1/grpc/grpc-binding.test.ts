import { randomUUID } from 'node:crypto';
import { ListTasksRequest, Role, type StreamResponse, Task, TaskPushNotificationConfig, TaskState } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import {
  decodeErrorInfo,
  decodeStatus,
  GRPC_STATUS_CODE,
  type GrpcA2AError,
  GrpcExtendedAgentCardNotConfiguredError,
  GrpcPushNotificationNotSupportedError,
  GrpcTaskNotCancelableError,
  GrpcTaskNotFoundError,
  GrpcUnsupportedOperationError,
  GrpcVersionNotSupportedError,
  isGrpcError,
} from '@a2a-js/sdk/errors/grpc';
import { AgentDirectory, grpcAgentInterface, sharedAgentRegistrationStore } from '@orkeon/a2a';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../../server/a2a-test-host.js';
import {
  artifactText,
  grpcAddressOf,
  grpcCard,
  rejectionOf,
  returnImmediately,
  sdkGrpcClient,
  userMessage,
} from './grpc-test-client.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;
/** Resolved by the test to let the `slow` agent finish. */
let release: (() => void) | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: ['echo'],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
  directory.register({
    id: 'slow',
    name: 'Slow',
    description: 'Answers when released',
    tags: [],
    kind: 'local',
    handler: (request, signal) =>
      new Promise<string>((resolve, reject) => {
        release = () => resolve(`done: ${request.input}`);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  });
});

afterEach(async () => {
  release?.();
  release = undefined;
  await host?.close();
  host = undefined;
});

async function grpcClient(): Promise<{ host: TestHost; client: Client }> {
  host = await startTestHost({ settings: { GrpcPort: 0 } });
  const served = (await (
    await fetch(`${host.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
  ).json()) as Record<string, unknown>;
  return { host, client: await sdkGrpcClient(grpcCard(host.server, served)) };
}

function stateOf(event: StreamResponse): string {
  const payload = event.payload;
  if (payload?.$case === 'statusUpdate') return `status:${TaskState[payload.value.status?.state ?? 0]}`;
  if (payload?.$case === 'task') return `task:${TaskState[payload.value.status?.state ?? 0]}`;
  return payload?.$case ?? 'none';
}

const slow = { metadata: { skillId: 'slow' } };

describe('the gRPC binding, with the official SDK client', () => {
  it('lists host:port as the GRPC interface and sends a message: the completed task with its answer', async () => {
    const { host, client } = await grpcClient();
    const address = grpcAddressOf(host.server);
    expect(grpcAgentInterface(address)).toEqual({
      url: `127.0.0.1:${address.port}`,
      protocolBinding: 'GRPC',
      protocolVersion: '1.0',
    });
    expect(address.port).not.toBe(new URL(host.url).port);
    expect(client.transport.protocolName).toBe('GRPC');
    const result = await client.sendMessage(userMessage('hello'));
    if (!('id' in result)) throw new Error('expected a task');
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactText(result)).toBe('echo: hello');
    expect(result.history.map((message) => message.role)).toEqual([Role.ROLE_USER]);
    expect(result.contextId).not.toBe('');
  });

  it('streams the task, the artifact and the final status, then the stream ends', async () => {
    const { client } = await grpcClient();
    const seen: string[] = [];
    for await (const event of client.sendMessageStream(userMessage('streamed'))) seen.push(stateOf(event));
    expect(seen).toEqual(['task:TASK_STATE_WORKING', 'artifactUpdate', 'status:TASK_STATE_COMPLETED']);
  });

  it('gets a task with historyLength and lists the tasks of a context page by page', async () => {
    const { client } = await grpcClient();
    const contextId = randomUUID();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const result = await client.sendMessage(userMessage(text, { contextId }));
      if ('id' in result) ids.push(result.id);
    }
    await client.sendMessage(userMessage('elsewhere'));

    const full = await client.getTask({ id: ids[0] ?? '', tenant: '', historyLength: undefined });
    expect(full.history).toHaveLength(1);
    const task = await client.getTask({ id: ids[0] ?? '', tenant: '', historyLength: 0 });
    expect(task.history).toEqual([]);
    expect(artifactText(task)).toBe('echo: one');

    const first = await client.listTasks(ListTasksRequest.fromJSON({ contextId, pageSize: 2 }));
    expect(first.totalSize).toBe(3);
    expect(first.tasks).toHaveLength(2);
    expect(first.tasks[0]?.artifacts).toEqual([]);
    expect(first.nextPageToken).not.toBe('');
    const second = await client.listTasks(
      ListTasksRequest.fromJSON({ contextId, pageSize: 2, pageToken: first.nextPageToken, includeArtifacts: true }),
    );
    expect(second.tasks).toHaveLength(1);
    expect(second.nextPageToken).toBe('');
    expect(artifactText(second.tasks[0] as Task)).toMatch(/^echo: /);
    expect(new Set([...first.tasks, ...second.tasks].map((listed) => listed.id))).toEqual(new Set(ids));
  });

  it('cancels a running task while a subscriber watches; a second cancel is TaskNotCancelable', async () => {
    const { client } = await grpcClient();
    const started = await client.sendMessage(userMessage('wait', slow, returnImmediately));
    if (!('id' in started)) throw new Error('expected a task');
    expect(started.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const taskId = started.id;
    const seen: string[] = [];
    for await (const event of client.resubscribeTask({ id: taskId, tenant: '' })) {
      seen.push(stateOf(event));
      if (seen.length === 1) {
        const cancelled = await client.cancelTask({ id: taskId, tenant: '', metadata: undefined });
        expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      }
    }
    expect(seen).toEqual(['task:TASK_STATE_WORKING', 'status:TASK_STATE_CANCELED']);
    const again = await rejectionOf(client.cancelTask({ id: taskId, tenant: '', metadata: undefined }));
    expect(again).toBeInstanceOf(GrpcTaskNotCancelableError);
    expect((again as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.FAILED_PRECONDITION);
    expect((again as Error).message).toMatch(/already ended/);
  });

  it('subscribes to a running task: the task, then its updates until it completes', async () => {
    const { client } = await grpcClient();
    const started = await client.sendMessage(userMessage('later', slow, returnImmediately));
    if (!('id' in started)) throw new Error('expected a task');
    const seen: string[] = [];
    for await (const event of client.resubscribeTask({ id: started.id, tenant: '' })) {
      seen.push(stateOf(event));
      if (seen.length === 1) release?.();
    }
    expect(seen).toEqual(['task:TASK_STATE_WORKING', 'artifactUpdate', 'status:TASK_STATE_COMPLETED']);
    const ended = rejectionOf(
      (async () => {
        for await (const _ of client.resubscribeTask({ id: started.id, tenant: '' })) {
          // An ended task is not subscribed to.
        }
      })(),
    );
    expect(await ended).toBeInstanceOf(GrpcUnsupportedOperationError);
  });

  it('reads over gRPC a task made over HTTP+JSON: one set of operations behind both bindings', async () => {
    const { host, client } = await grpcClient();
    const response = await fetch(`${host.url}/a2a/v1/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'over http' }] },
      }),
    });
    expect(response.status).toBe(200);
    const made = ((await response.json()) as { task: { id: string } }).task;
    const read = await client.getTask({ id: made.id, tenant: '', historyLength: undefined });
    expect(read.id).toBe(made.id);
    expect(read.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactText(read)).toBe('echo: over http');
    // The same task, field for field (timestamps to the millisecond), as HTTP+JSON reads it.
    const overHttp = await fetch(`${host.url}/a2a/v1/tasks/${made.id}`, { headers: { 'a2a-version': '1.0' } });
    expect(Task.toJSON(read)).toEqual(await overHttp.json());
  });

  it('answers a missing task NOT_FOUND with ErrorInfo TASK_NOT_FOUND, which the SDK reads as TaskNotFound', async () => {
    const { client } = await grpcClient();
    const error = await rejectionOf(client.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined }));
    expect(error).toBeInstanceOf(GrpcTaskNotFoundError);
    if (!isGrpcError(error)) throw new Error('expected a gRPC error');
    expect(error.status).toBe(GRPC_STATUS_CODE.NOT_FOUND);
    expect(error.message).toMatch(/no-such-task/);
    const status = decodeStatus(error.statusDetailsBin ?? Buffer.alloc(0));
    expect(status.code).toBe(GRPC_STATUS_CODE.NOT_FOUND);
    expect(status.details.map((detail) => detail.typeUrl)).toEqual(['type.googleapis.com/google.rpc.ErrorInfo']);
    const info = decodeErrorInfo(status.details[0]?.value ?? Buffer.alloc(0));
    expect(info).toMatchObject({ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' });
  });

  it('answers the extended card as the other bindings do (no extended card declared)', async () => {
    const { client } = await grpcClient();
    const error = await rejectionOf(
      client.transport.getExtendedAgentCard({ tenant: '' }, { serviceParameters: { 'a2a-version': '1.0' } }),
    );
    expect(error).toBeInstanceOf(GrpcUnsupportedOperationError);
    expect(error).not.toBeInstanceOf(GrpcExtendedAgentCardNotConfiguredError);
    expect((error as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.FAILED_PRECONDITION);
  });

  it('refuses a call without a2a-version metadata (meaning 0.3) and one asking 0.3, admits 1.0', async () => {
    const { host } = await grpcClient();
    const transport = await new GrpcTransportFactory().create(grpcAddressOf(host.server).target, grpcCard(host.server));
    const request = { id: 'no-such-task', tenant: '', historyLength: undefined };
    const missing = await rejectionOf(transport.getTask(request));
    expect(missing).toBeInstanceOf(GrpcVersionNotSupportedError);
    expect((missing as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.FAILED_PRECONDITION);
    expect((missing as Error).message).toMatch(/no A2A-Version header, which means 0\.3/);
    expect((missing as GrpcA2AError).metadata).toEqual({ requestedVersion: '0.3', supportedVersions: '1.0' });
    const old = await rejectionOf(transport.getTask(request, { serviceParameters: { 'a2a-version': '0.3' } }));
    expect(old).toBeInstanceOf(GrpcVersionNotSupportedError);
    const streamed = await rejectionOf(
      (async () => {
        for await (const _ of transport.sendMessageStream(userMessage('no version'))) {
          // The refusal comes before any event.
        }
      })(),
    );
    expect(streamed).toBeInstanceOf(GrpcVersionNotSupportedError);
    const current = await rejectionOf(transport.getTask(request, { serviceParameters: { 'A2A-Version': '1.0' } }));
    expect(current).toBeInstanceOf(GrpcTaskNotFoundError);
  });

  it('answers a malformed message INVALID_ARGUMENT, naming the problem', async () => {
    const { client } = await grpcClient();
    const request = userMessage('x');
    const emptyPart = {
      ...request,
      message: {
        ...(request.message as NonNullable<typeof request.message>),
        parts: [{ content: undefined, metadata: undefined, filename: '', mediaType: '' }],
      },
    };
    const error = await rejectionOf(client.sendMessage(emptyPart));
    expect(isGrpcError(error) && error.status).toBe(GRPC_STATUS_CODE.INVALID_ARGUMENT);
    expect((error as Error).message).toMatch(
      /params\.message\.parts\.0: a part holds exactly one of text, raw, url or data/,
    );
    const agentRole = {
      ...request,
      message: { ...(request.message as NonNullable<typeof request.message>), role: Role.ROLE_AGENT },
    };
    const refused = await rejectionOf(client.sendMessage(agentRole));
    expect(isGrpcError(refused) && refused.status).toBe(GRPC_STATUS_CODE.INVALID_ARGUMENT);
    expect((refused as Error).message).toMatch(/ROLE_USER/);
  });
});

describe('the push-notification rpcs over gRPC', () => {
  const pushCard = { capabilities: { streaming: true, pushNotifications: true } };

  it('create, get, list and delete a config through the operations the HTTP bindings serve', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0, PushNotifications: { AllowedHosts: ['127.0.0.1'] } } });
    const client = await sdkGrpcClient(grpcCard(host.server, pushCard));
    const task = await client.sendMessage(userMessage('watched'));
    if (!('id' in task)) throw new Error('expected a task');
    const created = await client.createTaskPushNotificationConfig(
      TaskPushNotificationConfig.fromJSON({ taskId: task.id, url: 'http://127.0.0.1:9/hook', token: 'secret' }),
    );
    expect(created).toMatchObject({ taskId: task.id, url: 'http://127.0.0.1:9/hook', token: 'secret' });
    expect(created.id).not.toBe('');
    const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: created.id });
    expect(got).toEqual(created);
    const overHttp = await fetch(`${host.url}/a2a/v1/tasks/${task.id}/pushNotificationConfigs`, {
      headers: { 'a2a-version': '1.0' },
    });
    const listedOverHttp = (await overHttp.json()) as { configs: { id: string }[] };
    expect(listedOverHttp.configs.map((config) => config.id)).toEqual([created.id]);
    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: created.id });
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 10,
      pageToken: '',
    });
    expect(listed.configs).toEqual([]);
  });

  it('answers PushNotificationNotSupported when push notifications are off, as the HTTP bindings do', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0, PushNotifications: { Enabled: false } } });
    const client = await sdkGrpcClient(grpcCard(host.server, pushCard));
    const error = await rejectionOf(
      client.createTaskPushNotificationConfig(
        TaskPushNotificationConfig.fromJSON({ taskId: 'any', url: 'https://hooks.example.com/a2a' }),
      ),
    );
    expect(error).toBeInstanceOf(GrpcPushNotificationNotSupportedError);
    expect((error as GrpcA2AError).status).toBe(GRPC_STATUS_CODE.FAILED_PRECONDITION);
  });
});

describe('gRPC streams and their ends', () => {
  it('leaves the task alone when a client leaves its stream early', async () => {
    const { client } = await grpcClient();
    let taskId = '';
    for await (const event of client.sendMessageStream(userMessage('keep going', slow))) {
      if (event.payload?.$case === 'task') taskId = event.payload.value.id;
      break;
    }
    release?.();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const task = await client.getTask({ id: taskId, tenant: '', historyLength: undefined });
      if (task.status?.state === TaskState.TASK_STATE_COMPLETED) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the task did not complete after its stream was left');
  });

  it('ends an open stream with the task when the server stops, then closes the binding', async () => {
    const { host, client } = await grpcClient();
    const seen: string[] = [];
    let stopped: Promise<void> | undefined;
    for await (const event of client.sendMessageStream(userMessage('interrupted', slow))) {
      seen.push(stateOf(event));
      if (seen.length === 1) stopped = host.server.stop(0);
    }
    await stopped;
    expect(seen).toEqual(['task:TASK_STATE_WORKING', 'status:TASK_STATE_CANCELED']);
    expect(host.server.grpcAddress).toBeUndefined();
  });
});

describe('the gRPC binding and the size limit', () => {
  it('refuses a request larger than A2A:BodyLimitBytes RESOURCE_EXHAUSTED, and takes a smaller one', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0, BodyLimitBytes: 4096 } });
    const client = await sdkGrpcClient(grpcCard(host.server));
    const error = await rejectionOf(client.sendMessage(userMessage('x'.repeat(8192))));
    expect(isGrpcError(error) && error.status).toBe(GRPC_STATUS_CODE.RESOURCE_EXHAUSTED);
    const small = await client.sendMessage(userMessage('x'.repeat(1024)));
    expect('id' in small && small.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });
});

describe('a server without A2A:GrpcPort', () => {
  it('has no gRPC binding', async () => {
    host = await startTestHost();
    expect(host.server.grpcAddress).toBeUndefined();
  });

  it('stops the gRPC binding with the server: the port is closed after stop', async () => {
    host = await startTestHost({ settings: { GrpcPort: 0 } });
    const card = grpcCard(host.server);
    const client = await sdkGrpcClient(card);
    const result = await client.sendMessage(userMessage('before stop'));
    expect('id' in result).toBe(true);
    await host.close();
    host = undefined;
    const transport = await new GrpcTransportFactory({ grpcCallOptions: { deadline: Date.now() + 3000 } }).create(
      card.supportedInterfaces[0]?.url ?? '',
      card,
    );
    const error = await rejectionOf(transport.getTask({ id: 'x', tenant: '', historyLength: undefined }));
    expect(isGrpcError(error) && error.status).toBe(GRPC_STATUS_CODE.UNAVAILABLE);
  });
});
