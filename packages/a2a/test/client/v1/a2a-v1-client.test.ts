import { randomUUID } from 'node:crypto';
import { A2AClientError, A2AV1AgentError, type A2AV1Binding, A2AV1Client, type A2AV1StreamEvent } from '@orkeon/a2a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkAgent, sdkAgentPaths, startSdkAgent } from './sdk-agent.js';

let agent: SdkAgent;
const clients: A2AV1Client[] = [];
const security = { ClientBearerToken: 'tok-v1-123', ClientApiKey: 'key-v1-456' };

beforeAll(async () => {
  agent = await startSdkAgent();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await agent.close();
});

async function connect(binding: A2AV1Binding): Promise<A2AV1Client> {
  const client = await A2AV1Client.connect(agent.url, { preferredBindings: [binding], security });
  clients.push(client);
  return client;
}

function userMessage(text: string, contextId?: string) {
  return {
    messageId: randomUUID(),
    role: 'ROLE_USER' as const,
    parts: [{ text }],
    ...(contextId === undefined ? {} : { contextId }),
  };
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

async function drain(events: AsyncIterable<A2AV1StreamEvent>): Promise<A2AV1StreamEvent[]> {
  const collected: A2AV1StreamEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

function kindOf(event: A2AV1StreamEvent): string {
  return Object.keys(event)[0] ?? '';
}

function taskOf(result: Awaited<ReturnType<A2AV1Client['sendMessage']>>) {
  if (!('task' in result)) throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result.task;
}

describe.each([
  ['JSONRPC', sdkAgentPaths.jsonRpc],
  ['HTTP+JSON', sdkAgentPaths.rest],
] as const)('A2AV1Client over %s against @a2a-js/sdk', (binding, path) => {
  let client: A2AV1Client;
  beforeAll(async () => {
    client = await connect(binding);
  });

  it('takes the preferred binding from the card and sends A2A-Version 1.0 and the credentials on calls only', async () => {
    expect(client.endpoint).toEqual({ url: `${agent.url}${path}`, protocolBinding: binding, protocolVersion: '1.0' });
    expect(client.card?.name).toBe('sdk-agent');
    const before = agent.seen.length;
    await client.sendMessage({ message: userMessage('echo hi') });
    const call = agent.seen.slice(before);
    expect(call).toHaveLength(1);
    expect(call[0]?.method).toBe('POST');
    expect(call[0]?.path).toBe(binding === 'JSONRPC' ? path : `${path}/message:send`);
    expect(call[0]?.headers).toMatchObject({
      'a2a-version': '1.0',
      authorization: 'Bearer tok-v1-123',
      'x-api-key': 'key-v1-456',
    });
    const cardRequests = agent.seen.filter((request) => request.path === '/.well-known/agent-card.json');
    expect(cardRequests.length).toBeGreaterThan(0);
    for (const request of cardRequests) {
      expect(request.headers['a2a-version']).toBe('1.0');
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
    }
  });

  it('sends a message and, blocking, gets the completed task with its artifact', async () => {
    const message = userMessage('echo hello world');
    const task = taskOf(await client.sendMessage({ message }));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts.map((part) => part.text)).toEqual(['hello', 'world']);
    expect(task.history?.[0]?.messageId).toBe(message.messageId);
  });

  it('returns a direct reply of the agent as a message, with no task', async () => {
    const result = await client.sendMessage({ message: userMessage('reply hi there') });
    expect(result).not.toHaveProperty('task');
    if (!('message' in result)) throw new Error('expected a message');
    expect(result.message.role).toBe('ROLE_AGENT');
    expect(result.message.parts).toEqual([{ text: 'hi there' }]);
  });

  it('streams the task, then its status and artifact updates, and ends when the agent closes the stream', async () => {
    const events = await drain(client.sendStreamingMessage({ message: userMessage('echo a b') }));
    expect(events.map(kindOf)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    const [first, working, chunk1, chunk2, last] = events;
    if (first === undefined || !('task' in first)) throw new Error('the first event is not the task');
    const id = first.task.id;
    expect(working).toMatchObject({ statusUpdate: { taskId: id, status: { state: 'TASK_STATE_WORKING' } } });
    expect(chunk1).toMatchObject({ artifactUpdate: { taskId: id, artifact: { parts: [{ text: 'a' }] } } });
    expect(chunk2).toMatchObject({
      artifactUpdate: { append: true, lastChunk: true, artifact: { parts: [{ text: 'b' }] } },
    });
    expect(last).toMatchObject({ statusUpdate: { taskId: id, status: { state: 'TASK_STATE_COMPLETED' } } });
  });

  it('gets a task with at most historyLength of its latest messages', async () => {
    const { id } = taskOf(await client.sendMessage({ message: userMessage('echo x') }));
    const full = await client.getTask({ id });
    expect(full.history?.length).toBe(3);
    const latest = await client.getTask({ id, historyLength: 1 });
    expect(latest.history).toEqual([full.history?.at(-1)]);
    expect((await client.getTask({ id, historyLength: 0 })).history ?? []).toEqual([]);
  });

  it('lists the tasks of a context page by page with the next page token', async () => {
    const contextId = randomUUID();
    const created = new Set<string>();
    for (const word of ['one', 'two', 'three']) {
      created.add(taskOf(await client.sendMessage({ message: userMessage(`echo ${word}`, contextId) })).id);
    }
    await client.sendMessage({ message: userMessage('echo elsewhere', randomUUID()) });
    const first = await client.listTasks({ contextId, pageSize: 2 });
    expect(first.tasks).toHaveLength(2);
    expect(first.totalSize).toBe(3);
    expect(first.pageSize).toBe(2);
    expect(first.nextPageToken).not.toBe('');
    const second = await client.listTasks({ contextId, pageSize: 2, pageToken: first.nextPageToken });
    expect(second.tasks).toHaveLength(1);
    expect(second.nextPageToken).toBe('');
    const listed = [...first.tasks, ...second.tasks];
    expect(new Set(listed.map((task) => task.id))).toEqual(created);
    expect(listed.every((task) => task.contextId === contextId)).toBe(true);
  });

  it('cancels a running task, and reports TaskNotCancelable for a finished one', async () => {
    const running = taskOf(
      await client.sendMessage({ message: userMessage('wait'), configuration: { returnImmediately: true } }),
    );
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(running.status.state);
    const cancelled = await client.cancelTask({ id: running.id });
    expect(cancelled.status.state).toBe('TASK_STATE_CANCELED');
    expect((await client.getTask({ id: running.id })).status.state).toBe('TASK_STATE_CANCELED');

    const done = taskOf(await client.sendMessage({ message: userMessage('echo done') }));
    const refused = await failure(client.cancelTask({ id: done.id }));
    expect(refused).toBeInstanceOf(A2AV1AgentError);
    expect(refused).toMatchObject({ a2aError: 'TaskNotCancelable', reason: 'TASK_NOT_CANCELABLE' });
  });

  it('lets a second client subscribe to a running task and follow it to the end', async () => {
    const stream = client.sendStreamingMessage({ message: userMessage('wait') });
    const first = await stream.next();
    if (first.done === true || !('task' in first.value)) throw new Error('the stream did not begin with the task');
    const id = first.value.task.id;

    const second = await connect(binding);
    const subscription = second.subscribeToTask({ id });
    const current = await subscription.next();
    expect(current.value).toMatchObject({ task: { id } });
    agent.release(id);
    const followed = await drain(subscription);
    expect(followed.at(-1)).toMatchObject({ statusUpdate: { taskId: id, status: { state: 'TASK_STATE_COMPLETED' } } });
    expect(followed).toContainEqual(
      expect.objectContaining({
        artifactUpdate: expect.objectContaining({
          artifact: expect.objectContaining({ parts: [{ text: 'released' }] }),
        }),
      }),
    );
    const rest = await drain(stream);
    expect(rest.at(-1)).toMatchObject({ statusUpdate: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });

  it('maps TaskNotFound with the agent message', async () => {
    const error = await failure(client.getTask({ id: 'no-such-task' }));
    expect(error).toBeInstanceOf(A2AV1AgentError);
    expect(A2AV1AgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'A2A_CLIENT_STATUS_UNSUCCESSFUL',
      a2aError: 'TaskNotFound',
      reason: 'TASK_NOT_FOUND',
      serverError: 'Task not found: no-such-task',
    });
    expect(error.message).toMatch(/answered TaskNotFound: Task not found: no-such-task/);
    if (binding === 'JSONRPC') expect(error).toMatchObject({ jsonRpcCode: -32001, status: undefined });
    else expect(error).toMatchObject({ jsonRpcCode: undefined, status: 404 });
  });

  it('reports a refused subscription (a finished task) as UnsupportedOperation before any event', async () => {
    const done = taskOf(await client.sendMessage({ message: userMessage('echo over') }));
    const error = await failure(drain(client.subscribeToTask({ id: done.id })));
    expect(error).toMatchObject({ a2aError: 'UnsupportedOperation', serverError: expect.stringContaining(done.id) });
  });
});

describe('A2AV1Client with a tenant on the interface', () => {
  let tenantAgent: SdkAgent;
  beforeAll(async () => {
    tenantAgent = await startSdkAgent({
      interfaces: (base) => [
        { url: `${base}${sdkAgentPaths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: 'acme' },
        { url: `${base}${sdkAgentPaths.rest}`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'acme' },
      ],
    });
  });
  afterAll(async () => {
    await tenantAgent.close();
  });

  it.each([
    ['JSONRPC', sdkAgentPaths.jsonRpc],
    ['HTTP+JSON', sdkAgentPaths.rest],
  ] as const)('sends the tenant with every %s call, so the task lives in that tenant', async (binding, path) => {
    await using client = await A2AV1Client.connect(tenantAgent.url, { preferredBindings: [binding] });
    expect(client.endpoint.tenant).toBe('acme');
    const before = tenantAgent.seen.length;
    const { id } = taskOf(await client.sendMessage({ message: userMessage('echo tenant') }));
    expect(tenantAgent.seen[before]?.path).toBe(binding === 'JSONRPC' ? path : `${path}/acme/message:send`);
    expect((await client.getTask({ id })).id).toBe(id);
    await using untenanted = new A2AV1Client({ url: `${tenantAgent.url}${path}`, protocolBinding: binding });
    expect(await failure(untenanted.getTask({ id }))).toMatchObject({ a2aError: 'TaskNotFound' });
  });
});
