import {
  A2AAgentDiscovery,
  A2AClientError,
  A2AV1AgentError,
  A2AV1Client,
  type A2AV1StreamEvent,
  AgentDirectory,
  registerDiscoveredAgents,
  sharedAgentRegistrationStore,
} from '@orkeon/a2a';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SdkAgent, sdkAgentPaths, startSdkAgent } from '../../client/v1/sdk-agent.js';
import { startTestHost, type TestHost } from '../../server/a2a-test-host.js';
import { registerV03Agents } from './v03-test-kit.js';

let agent: SdkAgent | undefined;
let host: TestHost | undefined;
const clients: A2AV1Client[] = [];

beforeEach(() => {
  registerV03Agents();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await agent?.close();
  agent = undefined;
  await host?.close();
  host = undefined;
});

/** The SDK's server with its v0.3 compatibility on, whose card offers JSON-RPC at 0.3 only. */
async function startV03Agent(): Promise<SdkAgent> {
  agent = await startSdkAgent({
    legacyCompat: true,
    interfaces: (base) => [
      { url: `${base}${sdkAgentPaths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
  });
  return agent;
}

async function connect(url: string): Promise<A2AV1Client> {
  const client = await A2AV1Client.connect(url);
  clients.push(client);
  return client;
}

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  messageId: crypto.randomUUID(),
  role: 'ROLE_USER' as const,
  parts: [{ text }],
  ...extra,
});

function taskOf(result: Awaited<ReturnType<A2AV1Client['sendMessage']>>) {
  if (!('task' in result)) throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result.task;
}

function describeEvent(event: A2AV1StreamEvent): string {
  if ('statusUpdate' in event) return `status:${event.statusUpdate.status.state}`;
  if ('artifactUpdate' in event)
    return `artifact:${event.artifactUpdate.artifact.parts.map((part) => part.text).join()}`;
  if ('task' in event) return `task:${event.task.status.state}`;
  return 'message';
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

/** The JSON-RPC calls the agent got, with their A2A-Version. */
function rpcCalls(sdk: SdkAgent): (string | string[] | undefined)[] {
  return sdk.seen.filter((seen) => seen.path === sdkAgentPaths.jsonRpc).map((seen) => seen.headers['a2a-version']);
}

describe('A2AV1Client against the official SDK server in v0.3 compatibility mode', () => {
  it('picks the 0.3 interface and sends: the answers come back as v1.0 types', async () => {
    const sdk = await startV03Agent();
    const client = await connect(sdk.url);
    expect(client.endpoint).toEqual({
      url: `${sdk.url}${sdkAgentPaths.jsonRpc}`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '0.3',
    });
    const task = taskOf(await client.sendMessage({ message: message('echo one two') }));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts).toEqual([{ text: 'one' }, { text: 'two' }]);
    expect(task.history?.[0]).toMatchObject({ role: 'ROLE_USER', parts: [{ text: 'echo one two' }] });
    const reply = await client.sendMessage({ message: message('reply hello there') });
    expect(reply).toEqual({
      message: expect.objectContaining({ role: 'ROLE_AGENT', parts: [{ text: 'hello there' }] }),
    });
    expect(rpcCalls(sdk)).toEqual(['0.3', '0.3']);
  });

  it('streams, gets, cancels and resubscribes', async () => {
    const sdk = await startV03Agent();
    const client = await connect(sdk.url);
    const events: string[] = [];
    for await (const event of client.sendStreamingMessage({ message: message('echo a b') }))
      events.push(describeEvent(event));
    expect(events).toEqual([
      'task:TASK_STATE_SUBMITTED',
      'status:TASK_STATE_WORKING',
      'artifact:a',
      'artifact:b',
      'status:TASK_STATE_COMPLETED',
    ]);

    const waiting = taskOf(
      await client.sendMessage({ message: message('wait'), configuration: { returnImmediately: true } }),
    );
    expect(waiting.status.state).not.toBe('TASK_STATE_COMPLETED');
    const read = await client.getTask({ id: waiting.id, historyLength: 1 });
    expect(read.id).toBe(waiting.id);
    const watcher = await connect(sdk.url);
    const seen: string[] = [];
    for await (const event of watcher.subscribeToTask({ id: waiting.id })) {
      seen.push(describeEvent(event));
      if (seen.length === 1) sdk.release(waiting.id);
    }
    expect(seen[0]).toMatch(/^task:/);
    expect(seen.slice(1)).toEqual(['artifact:released', 'status:TASK_STATE_COMPLETED']);

    const other = taskOf(
      await client.sendMessage({ message: message('wait'), configuration: { returnImmediately: true } }),
    );
    const cancelled = await client.cancelTask({ id: other.id });
    expect(cancelled.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('names the agent’s errors as A2A errors, and refuses what 0.3 cannot do before sending', async () => {
    const sdk = await startV03Agent();
    const client = await connect(sdk.url);
    const missing = await failure(client.getTask({ id: 'no-such-task' }));
    expect(A2AV1AgentError.isInstance(missing)).toBe(true);
    expect(missing).toMatchObject({ a2aError: 'TaskNotFound', jsonRpcCode: -32001 });
    const done = taskOf(await client.sendMessage({ message: message('echo x') }));
    const notCancelable = await failure(client.cancelTask({ id: done.id }));
    expect(notCancelable).toMatchObject({ a2aError: 'TaskNotCancelable', jsonRpcCode: -32002 });
    // The SDK writes a refused resubscription as an SSE error event.
    const subscribed = (async () => {
      for await (const _event of client.subscribeToTask({ id: 'no-such-task' }));
    })();
    expect(await failure(subscribed)).toMatchObject({ a2aError: 'TaskNotFound', jsonRpcCode: -32001 });

    const before = rpcCalls(sdk).length;
    const list = await failure(client.listTasks());
    expect(list.code).toBe('A2A_CLIENT_OPERATION_UNSUPPORTED');
    expect(list.message).toMatch(/speaks A2A 0\.3, which has no way to list tasks/);
    const tenant = await failure(client.getTask({ id: done.id, tenant: 'acme' }));
    expect(tenant.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(rpcCalls(sdk)).toHaveLength(before);
  });

  it('follows a task that waits for input: INPUT_REQUIRED, then the answer completes it', async () => {
    const sdk = await startV03Agent();
    const client = await connect(sdk.url);
    const asked = taskOf(await client.sendMessage({ message: message('ask trip') }));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message?.parts).toEqual([{ text: 'Which city?' }]);
    const done = taskOf(
      await client.sendMessage({ message: message('Vienna', { taskId: asked.id, contextId: asked.contextId }) }),
    );
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(done.artifacts?.at(-1)?.parts).toEqual([{ text: 'trip in Vienna' }]);
  });

  it('routes a skill of a 0.3 peer (A2A:Peers) through the remote sender, its question relayed to the caller', async () => {
    const sdk = await startV03Agent();
    const discovered = await new A2AAgentDiscovery({ preferV1: true }).discoverMany([sdk.url]);
    expect(discovered.agents[0]?.v1).toEqual({
      url: `${sdk.url}${sdkAgentPaths.jsonRpc}`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '0.3',
    });
    // The peer's skills only: none of this process's own agents.
    sharedAgentRegistrationStore.clear();
    registerDiscoveredAgents(new AgentDirectory(), discovered.agents);
    host = await startTestHost();
    const seed = await fetch(`${host.url}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skillId: 'echo', input: 'echo routed words' }),
    });
    expect(await seed.json()).toMatchObject({ status: 'Completed', output: 'routed\nwords' });

    const send = (body: unknown) =>
      fetch(`${host?.url}/a2a/v1/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify(body),
      }).then(
        async (response) =>
          (await response.json()) as {
            task: {
              id: string;
              status: { state: string; message?: { parts: unknown[] } };
              artifacts?: { parts: unknown[] }[];
            };
          },
      );
    const asked = (await send({ message: message('ask picnic', { metadata: { skillId: 'echo' } }) })).task;
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message?.parts).toEqual([{ text: 'Which city?' }]);
    const done = (await send({ message: message('Oslo', { taskId: asked.id }) })).task;
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(done.artifacts?.[0]?.parts).toEqual([{ text: 'picnic in Oslo' }]);
    expect(new Set(rpcCalls(sdk))).toEqual(new Set(['0.3']));
  });
});

describe('A2AV1Client against our own server over A2A 0.3', () => {
  it('sends files and data through the 0.3 shapes and reads them back unchanged', async () => {
    host = await startTestHost();
    const client = new A2AV1Client({
      url: `${host.url}/a2a/jsonrpc`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '0.3',
    });
    clients.push(client);
    const parts = [
      { text: 'look' },
      { url: 'https://files.example.com/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
      { raw: 'aGVsbG8=', mediaType: 'text/plain', filename: 'b.txt' },
      { data: { city: 'Paris' } },
      { data: [1, 2, 3] },
    ];
    const task = taskOf(await client.sendMessage({ message: message('', { parts, metadata: { skillId: 'echo' } }) }));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.history?.[0]?.parts).toEqual(parts);
    expect(task.artifacts?.[0]?.parts[0]?.text).toContain('[1,2,3]');
    // A v1.0 client of the same server reads the same task in the same v1.0 terms.
    const v1 = new A2AV1Client({ url: `${host.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' });
    clients.push(v1);
    expect(await v1.getTask({ id: task.id })).toEqual(await client.getTask({ id: task.id }));
  });
});

describe('A2AV1Client against a hand-made A2A 0.3 agent', () => {
  /** Answers each JSON-RPC method as `answers` says; a stream is written and then left open. */
  async function handMadeAgent(answers: Record<string, { frames?: unknown[]; result?: unknown; error?: unknown }>) {
    const { createServer } = await import('node:http');
    const seen: { version: string | undefined; body: { method: string; params: unknown } }[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += String(chunk);
      });
      request.on('end', () => {
        const body = JSON.parse(text) as { id: number; method: string; params: unknown };
        seen.push({ version: request.headers['a2a-version'] as string | undefined, body });
        const answer = answers[body.method] ?? {};
        if (answer.frames !== undefined) {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const result of answer.frames)
            response.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: body.id, result })}\n\n`);
          return; // left open: the client must stop at the final event by itself
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: body.id,
            ...('error' in answer ? { error: answer.error } : { result: answer.result }),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const client = new A2AV1Client(
      { url, protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' },
      { timeoutMilliseconds: 3000 },
    );
    clients.push(client);
    return {
      client,
      seen,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  const status = (state: string, final: boolean) => ({
    kind: 'status-update',
    taskId: 't-1',
    contextId: 'c-1',
    status: { state },
    final,
  });

  it('ends a stream at the final status update, even when the agent keeps the connection open', async () => {
    const agentServer = await handMadeAgent({
      'message/stream': {
        frames: [
          { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'submitted' } },
          status('working', false),
          status('completed', true),
        ],
      },
    });
    try {
      const events: string[] = [];
      for await (const event of agentServer.client.sendStreamingMessage({ message: message('go') })) {
        events.push(describeEvent(event));
      }
      expect(events).toEqual(['task:TASK_STATE_SUBMITTED', 'status:TASK_STATE_WORKING', 'status:TASK_STATE_COMPLETED']);
      expect(agentServer.seen[0]).toEqual({
        version: '0.3',
        body: expect.objectContaining({
          method: 'message/stream',
          params: {
            message: {
              kind: 'message',
              messageId: expect.any(String),
              role: 'user',
              parts: [{ kind: 'text', text: 'go' }],
            },
            configuration: { blocking: true },
          },
        }),
      });
    } finally {
      await agentServer.close();
    }
  });

  it('writes a send for 0.3: blocking from returnImmediately, the webhook as pushNotificationConfig', async () => {
    const agentServer = await handMadeAgent({
      'message/send': { result: { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'working' } } },
    });
    try {
      const sent = await agentServer.client.sendMessage({
        message: message('go'),
        configuration: {
          returnImmediately: true,
          historyLength: 3,
          taskPushNotificationConfig: {
            url: 'https://hooks.example.com/a',
            token: 'tok',
            authentication: { scheme: 'Bearer', credentials: 'secret' },
          },
        },
        metadata: { skillId: 's' },
      });
      expect(sent).toEqual({ task: { id: 't-1', contextId: 'c-1', status: { state: 'TASK_STATE_WORKING' } } });
      expect(agentServer.seen[0]?.body.params).toMatchObject({
        configuration: {
          blocking: false,
          historyLength: 3,
          pushNotificationConfig: {
            url: 'https://hooks.example.com/a',
            token: 'tok',
            authentication: { schemes: ['Bearer'], credentials: 'secret' },
          },
        },
        metadata: { skillId: 's' },
      });
      const bad = await failure(
        agentServer.client.sendMessage({ message: message('go'), configuration: { taskPushNotificationConfig: {} } }),
      );
      expect(bad.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
      expect(bad.message).toMatch(/taskPushNotificationConfig that cannot be sent \(url: /);
      expect(agentServer.seen).toHaveLength(1);
    } finally {
      await agentServer.close();
    }
  });

  it('refuses answers 1.0 cannot hold (state unknown), and reads 0.3 errors by their code', async () => {
    const agentServer = await handMadeAgent({
      'tasks/get': { result: { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'unknown' } } },
      'tasks/cancel': { error: { code: -32002, message: 'Task cannot be canceled' } },
    });
    try {
      const unknown = await failure(agentServer.client.getTask({ id: 't-1' }));
      expect(unknown.code).toBe('A2A_CLIENT_RESPONSE_INVALID');
      expect(unknown.message).toMatch(/status\.state: state 'unknown' has no A2A 1\.0 counterpart/);
      const refused = await failure(agentServer.client.cancelTask({ id: 't-1' }));
      expect(refused).toMatchObject({
        a2aError: 'TaskNotCancelable',
        jsonRpcCode: -32002,
        serverError: 'Task cannot be canceled',
      });
    } finally {
      await agentServer.close();
    }
  });
});
