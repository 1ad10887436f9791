import { randomUUID } from 'node:crypto';
import { type AgentCard, Role, SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import { type Client, ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentDirectory, sharedAgentRegistrationStore } from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

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

function userMessage(text: string, extra: Record<string, unknown> = {}) {
  return {
    message: {
      messageId: randomUUID(),
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'text' as const, value: text }, metadata: undefined, filename: '', mediaType: '' }],
      contextId: '',
      taskId: '',
      extensions: [],
      referenceTaskIds: [],
      metadata: undefined,
      ...extra,
    },
    tenant: '',
    configuration: undefined,
    metadata: undefined,
  };
}

async function clientFor(binding: 'JSONRPC' | 'HTTP+JSON'): Promise<Client> {
  host = await startTestHost();
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: [binding] }),
  );
  return factory.createFromUrl(host.url);
}

function textOf(task: Task): string {
  const part = task.artifacts[0]?.parts[0]?.content;
  return part?.$case === 'text' ? String(part.value) : '';
}

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('the official A2A client over %s', (binding) => {
  it('reads the v1.0 card and sends a message: a completed task with the answer as an artifact', async () => {
    const client = await clientFor(binding);
    expect(client.transport.protocolName).toBe(binding);
    const card: AgentCard = await client.getAgentCard();
    expect(card.supportedInterfaces.map((entry) => entry.protocolBinding)).toEqual(['JSONRPC', 'HTTP+JSON', 'JSONRPC']);
    expect(card.supportedInterfaces.map((entry) => entry.protocolVersion)).toEqual(['1.0', '1.0', '0.3']);
    expect(card.skills.map((skill) => skill.id)).toEqual(['echo', 'slow']);
    const result = await client.sendMessage(userMessage('hello'));
    if (!('id' in result)) throw new Error('expected a task');
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(result)).toBe('echo: hello');
    expect(result.contextId).not.toBe('');
    expect(result.history.map((message) => message.role)).toEqual([Role.ROLE_USER]);
  });

  it('streams the task, the artifact and the final status, then the stream ends', async () => {
    const client = await clientFor(binding);
    const kinds: string[] = [];
    for await (const event of client.sendMessageStream(userMessage('streamed'))) {
      const payload = event.payload;
      if (payload?.$case === 'statusUpdate') kinds.push(`status:${TaskState[payload.value.status?.state ?? 0]}`);
      else kinds.push(payload?.$case ?? 'none');
    }
    expect(kinds).toEqual(['task', 'artifactUpdate', 'status:TASK_STATE_COMPLETED']);
  });

  it('gets a task with historyLength, lists by context with page tokens, and names a missing task', async () => {
    const client = await clientFor(binding);
    const contextId = randomUUID();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const result = await client.sendMessage(userMessage(text, { contextId }));
      if ('id' in result) ids.push(result.id);
    }
    await client.sendMessage(userMessage('elsewhere'));
    const task = await client.getTask({ id: ids[0] ?? '', historyLength: 0, tenant: '' });
    expect(task.history).toEqual([]);
    expect(textOf(task)).toBe('echo: one');

    const first = await client.listTasks({
      contextId,
      pageSize: 2,
      tenant: '',
      pageToken: '',
      includeArtifacts: false,
      status: TaskState.TASK_STATE_UNSPECIFIED,
      statusTimestampAfter: undefined,
      historyLength: undefined,
    });
    expect(first.totalSize).toBe(3);
    expect(first.tasks).toHaveLength(2);
    expect(first.nextPageToken).not.toBe('');
    const second = await client.listTasks({
      contextId,
      pageSize: 2,
      tenant: '',
      pageToken: first.nextPageToken,
      includeArtifacts: true,
      status: TaskState.TASK_STATE_UNSPECIFIED,
      statusTimestampAfter: undefined,
      historyLength: undefined,
    });
    expect(second.tasks).toHaveLength(1);
    expect(second.nextPageToken).toBe('');
    expect(new Set([...first.tasks, ...second.tasks].map((listed) => listed.id))).toEqual(new Set(ids));
    await expect(client.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined })).rejects.toThrow(
      /no-such-task/,
    );
  });

  it('cancels a running task; a second client subscribed to it sees the cancellation', async () => {
    const client = await clientFor(binding);
    const started = await client.sendMessage({
      ...userMessage('wait', { metadata: { skillId: 'slow' } }),
      configuration: {
        returnImmediately: true,
        acceptedOutputModes: [],
        taskPushNotificationConfig: undefined,
        historyLength: undefined,
      },
    });
    if (!('id' in started)) throw new Error('expected a task');
    expect(started.status?.state).toBe(TaskState.TASK_STATE_WORKING);

    const watcher = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: [binding] }),
    ).createFromUrl(host?.url ?? '');
    const seen: string[] = [];
    const taskId = started.id;
    const watching = (async () => {
      for await (const event of watcher.resubscribeTask({ id: taskId, tenant: '' })) {
        const payload = event.payload;
        seen.push(
          payload?.$case === 'statusUpdate'
            ? (TaskState[payload.value.status?.state ?? 0] ?? '')
            : (payload?.$case ?? ''),
        );
        if (seen.length === 1) {
          const cancelled = await client.cancelTask({ id: taskId, tenant: '', metadata: undefined });
          expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
        }
      }
    })();
    await watching;
    expect(seen).toEqual(['task', 'TASK_STATE_CANCELED']);
    const after = await client.getTask({ id: started.id, tenant: '', historyLength: undefined });
    expect(after.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await expect(client.cancelTask({ id: started.id, tenant: '', metadata: undefined })).rejects.toThrow(
      /already ended/,
    );
  });
});

describe('the documented client example', () => {
  it('runs as docs/a2a.md shows it: default factory, SendMessageRequest.fromJSON', async () => {
    host = await startTestHost();
    const client = await new ClientFactory().createFromUrl(host.url);
    expect(client.transport.protocolName).toBe('JSONRPC');
    const answer = await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'A long text' }] },
      }),
    );
    if (!('id' in answer)) throw new Error('expected a task');
    expect(textOf(answer)).toBe('echo: A long text');
  });
});
