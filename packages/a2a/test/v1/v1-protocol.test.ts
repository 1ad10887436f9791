import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentDirectory, sharedAgentRegistrationStore } from '../../src/index.js';
import { startTestHost, type TestHost, type TestHostOptions } from '../server/a2a-test-host.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function start(options: TestHostOptions = {}): Promise<string> {
  host = await startTestHost(options);
  return host.url;
}

interface Answer {
  status: number;
  type: string | null;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...init.headers },
    ...(init.raw !== undefined
      ? { body: init.raw }
      : init.body === undefined
        ? {}
        : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    headers: response.headers,
  };
}

function rpc(url: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  return call(`${url}/a2a/jsonrpc`, { body: { jsonrpc: '2.0', id: 7, method, params }, headers });
}

function message(text: string, extra: Record<string, unknown> = {}) {
  return { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra } };
}

/** The ErrorInfo reason of a JSON-RPC error or an HTTP+JSON `google.rpc.Status` body. */
function reasonOf(body: Record<string, unknown>): unknown {
  const error = body.error as { data?: { reason?: string }[]; details?: { reason?: string }[] } | undefined;
  return (error?.data ?? error?.details)?.[0]?.reason;
}

describe('A2A v1.0 discovery', () => {
  it('serves the v1.0 card beside the unchanged seed card, cacheable', async () => {
    const url = await start();
    const card = await call(`${url}/.well-known/agent-card.json`, { headers: {} });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      name: 'Orkeon',
      supportedInterfaces: [
        { url: `${url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${url}/a2a/v1`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        { url: `${url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
      capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: false },
      skills: [{ id: 'echo', inputModes: ['text/plain'] }],
      securitySchemes: {},
      securityRequirements: [],
    });
    const etag = card.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect(card.headers.get('last-modified')).toMatch(/GMT$/);
    expect(card.headers.get('cache-control')).toContain('max-age');
    const again = await fetch(`${url}/.well-known/agent-card.json`, {
      headers: { 'if-none-match': etag, 'a2a-version': '1.0' },
    });
    expect(again.status).toBe(304);
    const seed = await call(`${url}/.well-known/agent.json`);
    expect(seed.body).toMatchObject({ name: 'Orkeon', url, skills: [{ id: 'echo' }] });
    expect(seed.body.supportedInterfaces).toBeUndefined();
  });

  it('declares the credentials and mutual TLS A2A:Security asks for, and the guards apply to v1.0 calls', async () => {
    const url = await start({
      security: {
        AllowedAuthSchemes: ['Bearer', 'ApiKey'],
        Bearer: { Tokens: ['t-123456'] },
        ApiKey: { Keys: ['k-1'] },
      },
    });
    const card = await call(`${url}/.well-known/agent-card.json`);
    expect(card.body.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
      apiKey: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
    });
    expect(card.body.securityRequirements).toEqual([
      { schemes: { bearer: { list: [] } } },
      { schemes: { apiKey: { list: [] } } },
    ]);
    const refused = await rpc(url, 'SendMessage', message('hi'));
    expect(refused.status).toBe(401);
    const admitted = await rpc(url, 'SendMessage', message('hi'), { authorization: 'Bearer t-123456' });
    expect(admitted.body.result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
    const rest = await call(`${url}/a2a/v1/tasks`, { headers: { authorization: 'Bearer t-123456' } });
    expect(rest.status).toBe(200);
    expect(rest.body.totalSize).toBe(1);
    // Another credential is another caller: the task is not theirs.
    const other = await call(`${url}/a2a/v1/tasks`, { headers: { 'x-api-key': 'k-1' } });
    expect(other.status).toBe(200);
    expect(other.body.totalSize).toBe(0);
  });
});

describe('A2A v1.0 JSON-RPC binding', () => {
  it('answers SendMessage with the task: states, context, history and the output artifact', async () => {
    const url = await start();
    const sent = await rpc(url, 'SendMessage', message('hello', { metadata: { skillId: 'echo' } }));
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ jsonrpc: '2.0', id: 7 });
    const task = (sent.body.result as { task: Record<string, unknown> }).task;
    expect(task).toMatchObject({
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ name: 'output', parts: [{ text: 'echo: hello' }] }],
      history: [{ role: 'ROLE_USER', parts: [{ text: 'hello' }] }],
    });
    expect(task.id).toEqual(expect.any(String));
    expect((task.history as { taskId: string; contextId: string }[])[0]).toMatchObject({
      taskId: task.id,
      contextId: task.contextId,
    });
  });

  it('gives multi-part messages to the agent as text: data as JSON, files by name and type', async () => {
    const url = await start();
    const sent = await rpc(url, 'SendMessage', {
      message: {
        messageId: 'm-1',
        role: 'ROLE_USER',
        parts: [
          { text: 'look:' },
          { data: { a: 1 } },
          { url: 'https://example.com/x.png', mediaType: 'image/png', filename: 'x.png' },
          { raw: 'aGVsbG8=', filename: 'hello.txt' },
        ],
      },
    });
    const task = (sent.body.result as { task: { artifacts: { parts: { text: string }[] }[] } }).task;
    expect(task.artifacts[0]?.parts[0]?.text).toBe(
      'echo: look:\n{"a":1}\n[x.png (image/png) at https://example.com/x.png]\n[hello.txt, 5 bytes]',
    );
  });

  it('refuses what it cannot serve with the specification’s codes and an ErrorInfo reason', async () => {
    const url = await start();
    const noVersion = await rpc(url, 'GetTask', { id: 'x' }, { 'a2a-version': '0.5' });
    expect(noVersion.body.error).toMatchObject({ code: -32009, message: expect.stringContaining('A2A version 0.5') });
    expect(reasonOf(noVersion.body)).toBe('VERSION_NOT_SUPPORTED');
    // Without a version the request is A2A 0.3 (served beside 1.0), which has no method GetTask.
    const noHeader = await rpc(url, 'GetTask', { id: 'x' }, { 'a2a-version': '' });
    expect(noHeader.body.error).toMatchObject({ code: -32601, message: expect.stringContaining('A2A-Version: 1.0') });
    const byQuery = await call(`${url}/a2a/jsonrpc?A2A-Version=1.0`, {
      body: { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } },
      headers: { 'a2a-version': '' },
    });
    expect(byQuery.body.error).toMatchObject({ code: -32001 });
    expect(reasonOf(byQuery.body)).toBe('TASK_NOT_FOUND');

    const notJson = await call(`${url}/a2a/jsonrpc`, { raw: '{oops' });
    expect(notJson.body).toMatchObject({ id: null, error: { code: -32700 } });
    const notRequest = await call(`${url}/a2a/jsonrpc`, { body: [1, 2] });
    expect(notRequest.body.error).toMatchObject({ code: -32600 });
    const unknown = await rpc(url, 'tasks/send', {});
    expect(unknown.body.error).toMatchObject({ code: -32601, message: expect.stringContaining('SendMessage') });
    const badParams = await rpc(url, 'SendMessage', { message: { role: 'ROLE_USER', parts: [] } });
    expect(badParams.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.message') });
    const push = await rpc(url, 'CreateTaskPushNotificationConfig', {});
    expect(push.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.taskId') });
    const xml = await call(`${url}/a2a/jsonrpc`, { raw: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.body.error).toMatchObject({ code: -32005 });
  });

  it('refuses a message to a task that ended, and one whose context is not the task’s', async () => {
    const url = await start();
    const first = await rpc(url, 'SendMessage', message('one'));
    const task = (first.body.result as { task: { id: string; contextId: string } }).task;
    const again = await rpc(url, 'SendMessage', message('two', { taskId: task.id }));
    expect(again.body.error).toMatchObject({ code: -32004, message: expect.stringContaining('has ended') });
    const wrong = await rpc(url, 'SendMessage', message('two', { taskId: task.id, contextId: 'other' }));
    expect(wrong.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("'other'") });
    const missing = await rpc(url, 'SendMessage', message('two', { taskId: 'nope' }));
    expect(missing.body.error).toMatchObject({ code: -32001 });
  });

  it('streams as SSE, each line a JSON-RPC response with the request id, closing without a marker', async () => {
    const url = await start();
    const response = await fetch(`${url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 's-1', method: 'SendStreamingMessage', params: message('x') }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    expect(text).not.toContain('[DONE]');
    const frames = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)) as { id: string; result: Record<string, unknown> });
    expect(frames.every((frame) => frame.id === 's-1')).toBe(true);
    expect(frames.map((frame) => Object.keys(frame.result)[0])).toEqual(['task', 'artifactUpdate', 'statusUpdate']);

    const ended = (frames[0]?.result.task as { id: string } | undefined)?.id;
    const late = await rpc(url, 'SubscribeToTask', { id: ended });
    expect(late.body.error).toMatchObject({ code: -32004, message: expect.stringContaining('GetTask') });
  });
});

describe('A2A v1.0 HTTP+JSON binding', () => {
  it('answers in application/a2a+json and google.rpc.Status errors (v1.0.1)', async () => {
    const url = await start();
    const sent = await call(`${url}/a2a/v1/message:send`, { body: message('rest') });
    expect(sent.status).toBe(200);
    expect(sent.type).toContain('application/a2a+json');
    const id = (sent.body.task as { id: string }).id;
    const read = await call(`${url}/a2a/v1/tasks/${id}?historyLength=0`);
    expect(read.body).toMatchObject({ id, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(read.body.history).toBeUndefined();
    const missing = await call(`${url}/a2a/v1/tasks/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error: { code: 404, status: 'NOT_FOUND', details: [{ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }] },
    });
    const cancel = await call(`${url}/a2a/v1/tasks/${id}:cancel`, { body: {} });
    expect(cancel.status).toBe(400);
    expect(reasonOf(cancel.body)).toBe('TASK_NOT_CANCELABLE');
    const xml = await call(`${url}/a2a/v1/message:send`, { raw: '<x/>', headers: { 'content-type': 'text/xml' } });
    expect(xml.status).toBe(400);
    expect(reasonOf(xml.body)).toBe('CONTENT_TYPE_NOT_SUPPORTED');
    const noVersion = await call(`${url}/a2a/v1/tasks`, { headers: { 'a2a-version': '' } });
    expect(noVersion.status).toBe(400);
    expect(reasonOf(noVersion.body)).toBe('VERSION_NOT_SUPPORTED');
    const badPage = await call(`${url}/a2a/v1/tasks?pageSize=500`);
    expect(badPage.status).toBe(400);
    expect(badPage.body).toMatchObject({ error: { message: expect.stringContaining('pageSize') } });
    const badToken = await call(`${url}/a2a/v1/tasks?pageToken=zzz`);
    expect(badToken.body).toMatchObject({ error: { message: expect.stringContaining('nextPageToken') } });
  });

  it('answers by v1.0.0 with A2A:SpecificationRevision 1.0.0: application/json, 409 and 415', async () => {
    const url = await start({ settings: { SpecificationRevision: '1.0.0' } });
    const sent = await call(`${url}/a2a/v1/message:send`, { body: message('rest') });
    expect(sent.type).toMatch(/^application\/json/);
    const id = (sent.body.task as { id: string }).id;
    expect((await call(`${url}/a2a/v1/tasks/${id}:cancel`, { body: {} })).status).toBe(409);
    expect(
      (await call(`${url}/a2a/v1/message:send`, { raw: 'x', headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(415);
  });

  it('reads a task made over HTTP+JSON over JSON-RPC, and lists it by context and state', async () => {
    const url = await start();
    const contextId = 'ctx-1';
    const sent = await call(`${url}/a2a/v1/message:send`, { body: message('shared', { contextId }) });
    const id = (sent.body.task as { id: string }).id;
    const read = await rpc(url, 'GetTask', { id });
    expect(read.body.result).toMatchObject({ id, contextId, artifacts: [{ parts: [{ text: 'echo: shared' }] }] });
    const listed = await call(
      `${url}/a2a/v1/tasks?contextId=${contextId}&status=TASK_STATE_COMPLETED&includeArtifacts=true`,
    );
    expect(listed.body).toMatchObject({
      totalSize: 1,
      pageSize: 50,
      nextPageToken: '',
      tasks: [{ id, artifacts: [{}] }],
    });
    const none = await call(`${url}/a2a/v1/tasks?status=TASK_STATE_FAILED`);
    expect(none.body).toMatchObject({ totalSize: 0, tasks: [] });
  });
});

describe('A2A v1.0 requests as clients write them', () => {
  it('reads proto field names (snake_case) as their JSON names, posts to /a2a/jsonrpc/, and gives the handler the message id', async () => {
    let seen: unknown;
    directory.register({
      id: 'witness',
      name: 'Witness',
      description: 'Says what it got',
      tags: [],
      kind: 'local',
      handler: async (request) => {
        seen = request.metadata;
        return 'seen';
      },
    });
    const url = await start();
    const sent = await call(`${url}/a2a/jsonrpc/`, {
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: {
            message_id: 'tck-complete-task-1',
            role: 'ROLE_USER',
            parts: [{ text: 'hi' }],
            metadata: { skillId: 'witness', keep_me: true },
          },
        },
      },
    });
    const task = (sent.body.result as { task: { id: string; contextId: string } }).task;
    expect(seen).toEqual({ contextId: task.contextId, messageId: 'tck-complete-task-1' });
    const read = await rpc(url, 'GetTask', { id: task.id, history_length: 1 });
    expect(read.body.result).toMatchObject({
      history: [{ messageId: 'tck-complete-task-1', metadata: { skillId: 'witness', keep_me: true } }],
    });
  });
});
