import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2AClientError, A2AV1AgentError, A2AV1Client, type A2AV1StreamEvent } from '@orkeon/a2a';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A scripted agent: each test says what it answers, so the answers no real agent gives
// (wrong ids, `[DONE]`, broken oneofs, stalls) can be checked too.

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Script = (request: Received, response: ServerResponse) => void;

let server: Server;
let base: string;
let script: Script;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      received.push(entry);
      script(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  received.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const task = { id: 't-1', contextId: 'c-1', status: { state: 'TASK_STATE_WORKING' } };
const message = { messageId: 'm-1', role: 'ROLE_USER' as const, parts: [{ text: 'hi' }] };

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sse(response: ServerResponse, frames: readonly string[], end = true): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const frame of frames) response.write(frame);
  if (end) response.end();
}

/** The JSON-RPC request id of a received call. */
function idOf(request: Received): unknown {
  return (JSON.parse(request.body) as { id: unknown }).id;
}

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

/** Reads a stream to its end or its failure, keeping what came before. */
async function read(events: AsyncIterable<A2AV1StreamEvent>): Promise<{ seen: A2AV1StreamEvent[]; error?: unknown }> {
  const seen: A2AV1StreamEvent[] = [];
  try {
    for await (const event of events) seen.push(event);
    return { seen };
  } catch (error) {
    return { seen, error };
  }
}

describe('JSON-RPC answers', () => {
  const jsonRpc = () => new A2AV1Client({ url: `${base}/rpc`, protocolBinding: 'JSONRPC' });

  it('posts a JSON-RPC 2.0 request with the PascalCase method and the version header', async () => {
    script = (request, response) => json(response, 200, { jsonrpc: '2.0', id: idOf(request), result: task });
    await using client = jsonRpc();
    await client.getTask({ id: 't-1', historyLength: 2 });
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.headers['a2a-version']).toBe('1.0');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      method: 'GetTask',
      params: { id: 't-1', historyLength: 2 },
    });
  });

  it('refuses a result that answers another request id', async () => {
    script = (_request, response) => json(response, 200, { jsonrpc: '2.0', id: 999, result: task });
    await using client = jsonRpc();
    const error = await failure(client.getTask({ id: 't-1' }));
    expect(error.code).toBe('A2A_CLIENT_RESPONSE_INVALID');
    expect(error.message).toMatch(/answers request id 999 instead of \d+/);
  });

  it('names the A2A error by the ErrorInfo reason when there is one, else by the code', async () => {
    const info = {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'VERSION_NOT_SUPPORTED',
      domain: 'a2a-protocol.org',
      metadata: { supported: '0.3' },
    };
    script = (request, response) =>
      json(response, 200, { jsonrpc: '2.0', id: idOf(request), error: { code: -32000, message: 'no', data: [info] } });
    await using client = jsonRpc();
    expect(await failure(client.getTask({ id: 't-1' }))).toMatchObject({
      a2aError: 'VersionNotSupported',
      reason: 'VERSION_NOT_SUPPORTED',
      metadata: { supported: '0.3' },
      jsonRpcCode: -32000,
      serverError: 'no',
    });
    script = (request, response) =>
      json(response, 200, { jsonrpc: '2.0', id: idOf(request), error: { code: -32002, message: 'too late' } });
    expect(await failure(client.cancelTask({ id: 't-1' }))).toMatchObject({
      a2aError: 'TaskNotCancelable',
      reason: undefined,
    });
    script = (_request, response) =>
      json(response, 500, { jsonrpc: '2.0', id: null, error: { code: -32050, message: 'odd' } });
    const unknown = await failure(client.getTask({ id: 't-1' }));
    expect(unknown).toBeInstanceOf(A2AV1AgentError);
    expect(unknown).toMatchObject({ a2aError: undefined, jsonRpcCode: -32050, status: 500, serverError: 'odd' });
  });

  it('ends a stream when the agent closes it, and never takes [DONE] for an event', async () => {
    const frame = (request: Received, result: unknown) =>
      `data: ${JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result })}\n\n`;
    script = (request, response) => sse(response, [frame(request, { task })]);
    await using client = jsonRpc();
    expect(await read(client.sendStreamingMessage({ message }))).toEqual({ seen: [{ task }] });

    script = (request, response) => sse(response, [frame(request, { task }), 'data: [DONE]\n\n']);
    const withDone = await read(client.sendStreamingMessage({ message }));
    expect(withDone.seen).toEqual([{ task }]);
    expect(withDone.error).toMatchObject({
      code: 'A2A_CLIENT_RESPONSE_INVALID',
      message: expect.stringMatching(/not JSON/),
    });
  });

  it('throws the error event of a stream, typed, after the events before it', async () => {
    script = (request, response) =>
      sse(response, [
        `data: ${JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result: { task } })}\n\n`,
        `event: error\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: idOf(request), error: { code: -32603, message: 'boom' } })}\n\n`,
      ]);
    await using client = jsonRpc();
    const outcome = await read(client.subscribeToTask({ id: 't-1' }));
    expect(outcome.seen).toEqual([{ task }]);
    expect(outcome.error).toMatchObject({ a2aError: 'Internal', serverError: 'boom', jsonRpcCode: -32603 });
  });

  it('refuses a single result where a stream was asked for', async () => {
    script = (request, response) => json(response, 200, { jsonrpc: '2.0', id: idOf(request), result: { task } });
    await using client = jsonRpc();
    const outcome = await read(client.sendStreamingMessage({ message }));
    expect(outcome.error).toMatchObject({
      code: 'A2A_CLIENT_RESPONSE_INVALID',
      message: expect.stringMatching(/instead of an event stream/),
    });
  });
});

describe('HTTP+JSON answers', () => {
  const rest = (tenant?: string) =>
    new A2AV1Client({
      url: `${base}/rest/`,
      protocolBinding: 'HTTP+JSON',
      ...(tenant === undefined ? {} : { tenant }),
    });

  it('writes the routes, the camelCase query and the tenant prefix, escaping ids', async () => {
    script = (request, response) => json(response, 200, request.url.includes('/tasks?') ? {} : task);
    await using client = rest('team a');
    const page = await client.listTasks({
      contextId: 'c 1',
      status: 'TASK_STATE_WORKING',
      pageSize: 5,
      pageToken: 'tok/1',
      historyLength: 0,
      statusTimestampAfter: '2026-01-01T00:00:00Z',
      includeArtifacts: true,
    });
    // ProtoJSON leaves out empty and zero fields: they read as their defaults.
    expect(page).toEqual({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 });
    await client.getTask({ id: 'a/b:c', historyLength: 1 });
    await client.cancelTask({ id: 'a/b:c' });
    const [list, get, cancel] = received;
    const listUrl = new URL(list?.url ?? '', base);
    expect(`${list?.method} ${listUrl.pathname}`).toBe('GET /rest/team%20a/tasks');
    expect(Object.fromEntries(listUrl.searchParams)).toEqual({
      contextId: 'c 1',
      status: 'TASK_STATE_WORKING',
      pageSize: '5',
      pageToken: 'tok/1',
      historyLength: '0',
      statusTimestampAfter: '2026-01-01T00:00:00Z',
      includeArtifacts: 'true',
    });
    expect(`${get?.method} ${get?.url}`).toBe('GET /rest/team%20a/tasks/a%2Fb%3Ac?historyLength=1');
    expect(`${cancel?.method} ${cancel?.url}`).toBe('POST /rest/team%20a/tasks/a%2Fb%3Ac:cancel');
    expect(cancel?.body).toBe('{}');
  });

  it('reports a non-A2A error body by its status and error text, not as an A2A error', async () => {
    script = (_request, response) => json(response, 401, { error: 'Missing credentials' });
    await using client = rest();
    const error = await failure(client.sendMessage({ message }));
    expect(error).not.toBeInstanceOf(A2AV1AgentError);
    expect(error).toMatchObject({
      code: 'A2A_CLIENT_STATUS_UNSUCCESSFUL',
      status: 401,
      serverError: 'Missing credentials',
    });
  });

  it('refuses a send answer holding both a task and a message', async () => {
    script = (_request, response) => json(response, 200, { task, message: { ...message, role: 'ROLE_AGENT' } });
    await using client = rest();
    expect((await failure(client.sendMessage({ message }))).code).toBe('A2A_CLIENT_RESPONSE_INVALID');
  });

  it('throws a google.rpc.Status error event of a stream as the A2A error it names', async () => {
    const status = {
      error: {
        code: 500,
        status: 'INTERNAL',
        message: 'the model answered nonsense',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_AGENT_RESPONSE',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    };
    script = (_request, response) =>
      sse(response, [`data: ${JSON.stringify({ task })}\n\n`, `event: error\ndata: ${JSON.stringify(status)}\n\n`]);
    await using client = rest();
    const outcome = await read(client.sendStreamingMessage({ message }));
    expect(outcome.seen).toEqual([{ task }]);
    expect(outcome.error).toMatchObject({
      a2aError: 'InvalidAgentResponse',
      status: 500,
      serverError: 'the model answered nonsense',
    });
    expect(received[0]?.url).toBe('/rest/message:stream');
    expect(received[0]?.headers.accept).toBe('text/event-stream');
  });
});

describe('streams the caller stops, and requests refused before sending', () => {
  it('closes the stream when the caller leaves the loop early', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    script = (_request, response) => {
      response.on('close', closed);
      sse(response, [`data: ${JSON.stringify({ task })}\n\n`], false);
    };
    await using client = new A2AV1Client({ url: `${base}/rest`, protocolBinding: 'HTTP+JSON' });
    for await (const event of client.subscribeToTask({ id: 't-1' })) {
      expect(event).toEqual({ task });
      break;
    }
    await connectionClosed;
  });

  it('stops a stalled stream at the time limit, and a stream the caller aborts', async () => {
    script = (_request, response) => sse(response, [`data: ${JSON.stringify({ task })}\n\n`], false);
    await using client = new A2AV1Client({ url: `${base}/rest`, protocolBinding: 'HTTP+JSON' });
    const timedOut = await read(client.subscribeToTask({ id: 't-1' }, { timeoutMilliseconds: 200 }));
    expect(timedOut.seen).toEqual([{ task }]);
    expect(timedOut.error).toMatchObject({ code: 'A2A_CLIENT_TIMEOUT' });

    const controller = new AbortController();
    const stream = client.subscribeToTask({ id: 't-1' }, { signal: controller.signal });
    expect((await stream.next()).value).toEqual({ task });
    controller.abort();
    expect(await failure(stream.next())).toMatchObject({ code: 'A2A_CLIENT_ABORTED' });
  });

  it('refuses a request the v1.0 wire shape refuses, and sends nothing', async () => {
    script = (_request, response) => json(response, 500, {});
    await using client = new A2AV1Client({ url: `${base}/rest`, protocolBinding: 'HTTP+JSON' });
    const noParts = await failure(client.sendMessage({ message: { ...message, parts: [] } }));
    expect(noParts.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
    expect(noParts.message).toMatch(/message\.parts/);
    expect((await failure(client.getTask({ id: '' }))).message).toMatch(/id names the task/);
    expect((await read(client.subscribeToTask({ id: '' }))).error).toMatchObject({
      code: 'A2A_CLIENT_CONFIGURATION_INVALID',
    });
    expect(received).toEqual([]);
  });
});
