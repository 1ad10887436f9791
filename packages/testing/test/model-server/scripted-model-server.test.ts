import { describe, expect, it } from 'vitest';
import {
  type RecordedRequest,
  type ScriptedTurn,
  ScriptedTurnError,
  startScriptedModelServer,
} from '../../src/index.js';
import {
  anthropicHeaders,
  anthropicRequest,
  type OpenAiChunk,
  openAiRequest,
  parseServerSentEvents,
  postJson,
  postStream,
} from './http-helpers.js';

describe('scripted turns', () => {
  it('consumes one turn per request, in order, across both dialects', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'first' }, { text: 'second' }] });
    server.enqueue({ text: 'third' });
    expect(server.remainingTurns).toBe(3);

    const first = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const second = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    expect(server.remainingTurns).toBe(1);
    const third = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);

    expect(first.body).toMatchObject({ choices: [{ message: { content: 'first' } }] });
    expect(second.body).toMatchObject({ id: 'msg_scripted_1', content: [{ type: 'text', text: 'second' }] });
    expect(third.body).toMatchObject({ id: 'chatcmpl-scripted-2', choices: [{ message: { content: 'third' } }] });
    expect(server.remainingTurns).toBe(0);
    expect(server.requests.map((request) => request.dialect)).toEqual(['openai', 'anthropic', 'openai']);
  });

  it('lets a function turn answer from the request, e.g. echo the last tool result', async () => {
    const seen: RecordedRequest[] = [];
    await using server = await startScriptedModelServer({
      turns: [
        { toolCalls: [{ id: 'call_1', name: 'clock', arguments: {} }] },
        (request) => {
          seen.push(request);
          const messages = request.body?.messages as { role: string; content: string }[];
          return { text: `The tool said: ${messages.at(-1)?.content}` };
        },
        async () => ({ error: { status: 503 } }),
      ],
    });
    await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const followUp = {
      ...openAiRequest,
      messages: [...openAiRequest.messages, { role: 'tool', tool_call_id: 'call_1', content: '12:00' }],
    };
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, followUp);
    const failed = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);

    expect(reply.body).toMatchObject({ choices: [{ message: { content: 'The tool said: 12:00' } }] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ index: 1, dialect: 'openai', body: followUp });
    expect(failed.status).toBe(503);
  });

  it('answers 500, without inviting a retry, when a turn function throws or returns an invalid turn', async () => {
    await using server = await startScriptedModelServer({
      turns: [
        () => {
          throw new Error('no tool result found');
        },
        () => ({ error: { status: 200 } }),
        // Untyped callers can return anything; a function is not a turn.
        (() => () => ({ text: 'nested' })) as unknown as ScriptedTurn,
      ],
    });
    const thrown = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const invalid = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    const nested = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);

    expect(thrown.status).toBe(500);
    expect(thrown.headers.get('x-should-retry')).toBe('false');
    expect(thrown.body).toMatchObject({
      error: {
        message:
          'scripted model server: request #0 (POST /v1/chat/completions): the turn function threw: no tool result found',
      },
    });
    expect(invalid.status).toBe(500);
    expect(invalid.body).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('error.status must be a whole number from 400 to 599, not 200') },
    });
    expect(nested.status).toBe(500);
    expect(nested.body).toMatchObject({
      error: { message: expect.stringContaining('the turn function returned a function instead of a turn') },
    });
    expect(server.remainingTurns).toBe(0);
  });

  it('fails loudly with a 500 naming the request when no turn is left', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'only one' }] });
    await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const openAi = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const anthropic = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);

    expect(openAi.status).toBe(500);
    expect(openAi.headers.get('x-should-retry')).toBe('false');
    expect(openAi.body).toEqual({
      error: {
        message:
          'scripted model server: no scripted turn left for request #1 (POST /v1/chat/completions). Add turns with server.enqueue().',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
    expect(anthropic.status).toBe(500);
    expect(anthropic.body).toMatchObject({
      type: 'error',
      error: {
        type: 'api_error',
        message: expect.stringContaining('no scripted turn left for request #2 (POST /v1/messages)'),
      },
    });
  });

  it('refuses an invalid turn when it is enqueued, naming every problem and adding none', async () => {
    await using server = await startScriptedModelServer();
    const attempt = () =>
      server.enqueue(
        { text: 'fine' },
        { text: 'abc', chunks: ['a', 'b'], delayMs: -1 },
        { toolCalls: [{ name: '', arguments: {} }] },
      );
    expect(attempt).toThrow(ScriptedTurnError);
    expect(attempt).toThrow(
      'Scripted turn 1 given to enqueue() is invalid: chunks must be pieces of text that join to exactly `text`; delayMs must be a number of at least 0.',
    );
    expect(server.remainingTurns).toBe(0);
    expect(() => server.enqueue({ toolCalls: [] })).toThrow('toolCalls must list at least one call');
    await expect(startScriptedModelServer({ turns: [{ error: { status: 302 } }] })).rejects.toThrow(
      'Scripted turn 0 of the turns option is invalid: error.status must be a whole number from 400 to 599, not 302.',
    );
  });

  it('reset forgets the remaining turns and the recorded requests', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'a' }, { text: 'b' }] });
    await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    server.reset();
    expect(server.remainingTurns).toBe(0);
    expect(server.requests).toEqual([]);

    server.enqueue({ text: 'after reset' });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({ id: 'chatcmpl-scripted-0', choices: [{ message: { content: 'after reset' } }] });
  });
});

describe('scripted errors', () => {
  it('answers with the status, Retry-After and an OpenAI error body', async () => {
    await using server = await startScriptedModelServer({
      turns: [{ error: { status: 429, message: 'Slow down.', retryAfterSeconds: 2 } }, { error: { status: 400 } }],
    });
    const limited = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const invalid = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);

    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body).toEqual({
      error: { message: 'Slow down.', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('retry-after')).toBeNull();
    expect(invalid.body).toEqual({
      error: { message: 'Scripted error: 400 Bad Request', type: 'invalid_request_error', param: null, code: null },
    });
  });

  it('answers with the status, Retry-After and an Anthropic error body', async () => {
    await using server = await startScriptedModelServer({
      turns: [{ error: { status: 529, retryAfterSeconds: 1 } }, { error: { status: 500, type: 'custom_error' } }],
    });
    const overloaded = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    const custom = await postJson(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);

    expect(overloaded.status).toBe(529);
    expect(overloaded.headers.get('retry-after')).toBe('1');
    expect(overloaded.body).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Scripted error: 529' },
    });
    expect(custom.status).toBe(500);
    expect(custom.body).toEqual({
      type: 'error',
      error: { type: 'custom_error', message: 'Scripted error: 500 Internal Server Error' },
    });
  });

  it('answers an error turn with an error even when the request asked for a stream', async () => {
    await using server = await startScriptedModelServer({ turns: [{ error: { status: 503 } }] });
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, { ...openAiRequest, stream: true });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-type')).toBe('application/json');
  });
});

describe('requireApiKey', () => {
  it('answers 401 in the OpenAI dialect without the bearer key, records the request and keeps the turn', async () => {
    await using server = await startScriptedModelServer({ requireApiKey: 'sk-test', turns: [{ text: 'welcome' }] });
    const url = `${server.openAiBaseUrl}/chat/completions`;
    const missing = await postJson(url, openAiRequest);
    const wrong = await postJson(url, openAiRequest, { authorization: 'Bearer sk-other' });
    const asAnthropic = await postJson(url, openAiRequest, { 'x-api-key': 'sk-test' });

    for (const refused of [missing, wrong, asAnthropic]) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        error: {
          message: expect.stringContaining("has no valid API key; send it as the header 'Authorization: Bearer <key>'"),
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    expect(JSON.stringify(wrong.body)).not.toContain('sk-test');
    expect(server.requests).toHaveLength(3);
    expect(server.remainingTurns).toBe(1);

    const accepted = await postJson(url, openAiRequest, { authorization: 'Bearer sk-test' });
    expect(accepted.body).toMatchObject({ choices: [{ message: { content: 'welcome' } }] });
    expect(server.remainingTurns).toBe(0);
  });

  it('answers 401 in the Anthropic dialect without x-api-key and keeps the turn', async () => {
    await using server = await startScriptedModelServer({ requireApiKey: 'sk-ant', turns: [{ text: 'welcome' }] });
    const url = `${server.anthropicBaseUrl}/messages`;
    const bearer = await postJson(url, anthropicRequest, { ...anthropicHeaders, authorization: 'Bearer sk-ant' });

    expect(bearer.status).toBe(401);
    expect(bearer.body).toEqual({
      type: 'error',
      error: {
        type: 'authentication_error',
        message:
          "scripted model server: request #0 (POST /v1/messages) has no valid API key; send it as the header 'x-api-key: <key>'.",
      },
    });
    expect(server.remainingTurns).toBe(1);

    const accepted = await postJson(url, anthropicRequest, { ...anthropicHeaders, 'x-api-key': 'sk-ant' });
    expect(accepted.body).toMatchObject({ content: [{ type: 'text', text: 'welcome' }] });
    expect(server.requests.map((request) => request.headers['x-api-key'])).toEqual([undefined, 'sk-ant']);
  });
});

describe('requests the server refuses', () => {
  it('answers malformed JSON with a 400, records it with the raw body and keeps the turn', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'kept' }] });
    const openAi = await postJson(`${server.openAiBaseUrl}/chat/completions`, '{"model": "gpt-test",');
    const anthropic = await postJson(`${server.anthropicBaseUrl}/messages`, '[1, 2]', anthropicHeaders);

    expect(openAi.status).toBe(400);
    expect(openAi.body).toMatchObject({
      error: {
        message: 'scripted model server: the body of request #0 (POST /v1/chat/completions) is not a JSON object.',
        type: 'invalid_request_error',
      },
    });
    expect(anthropic.status).toBe(400);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(server.requests[0]).toMatchObject({
      index: 0,
      body: undefined,
      rawBody: '{"model": "gpt-test",',
      stream: false,
    });
    expect(server.requests[1]).toMatchObject({ index: 1, dialect: 'anthropic', body: undefined, rawBody: '[1, 2]' });
    expect(server.remainingTurns).toBe(1);
  });

  it('answers an unknown path with a 404 JSON body listing the endpoints, without recording it', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'kept' }] });
    const reply = await postJson(`${server.url}/v1/completions`, { prompt: 'x' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      error: {
        message:
          'scripted model server: no endpoint POST /v1/completions; it serves POST /v1/chat/completions, POST /v1/messages, POST /v1/embeddings and GET /v1/models.',
        type: 'not_found_error',
      },
    });
    expect(server.requests).toEqual([]);
    expect(server.remainingTurns).toBe(1);
  });

  it('answers a wrong method on a model path with a 405', async () => {
    await using server = await startScriptedModelServer();
    const response = await fetch(`${server.openAiBaseUrl}/chat/completions`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers a body over 10 MB with a 413, and the next request still works', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'after the big one' }] });
    const huge = JSON.stringify({ ...openAiRequest, padding: 'x'.repeat(10 * 1024 * 1024) });
    const refused = await postJson(`${server.openAiBaseUrl}/chat/completions`, huge);

    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: { code: 'request_too_large' } });
    expect(server.requests[0]).toMatchObject({ index: 0, body: undefined, rawBody: '' });
    const next = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(next.body).toMatchObject({ choices: [{ message: { content: 'after the big one' } }] });
  });
});

describe('recorded requests', () => {
  it('keep the dialect, method, path, lower-case headers, parsed body, stream flag and time', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'one' }, { text: 'two' }] });
    const before = Date.now();
    await postJson(`${server.openAiBaseUrl}/chat/completions?api-version=1`, openAiRequest, {
      'X-Trace-Id': 'Trace-42',
    });
    const response = await postStream(`${server.anthropicBaseUrl}/messages`, anthropicRequest, anthropicHeaders);
    await response.text();

    const [first, second] = server.requests;
    expect(first).toEqual({
      index: 0,
      dialect: 'openai',
      method: 'POST',
      path: '/v1/chat/completions',
      headers: expect.objectContaining({ 'x-trace-id': 'Trace-42', 'content-type': 'application/json' }),
      body: openAiRequest,
      rawBody: JSON.stringify(openAiRequest),
      stream: false,
      receivedAt: expect.any(Date),
    });
    expect(Object.keys(first?.headers ?? {}).every((name) => name === name.toLowerCase())).toBe(true);
    expect(first?.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(second).toMatchObject({
      index: 1,
      dialect: 'anthropic',
      path: '/v1/messages',
      headers: { 'anthropic-version': '2023-06-01' },
      body: { ...anthropicRequest, stream: true },
      stream: true,
    });
  });

  it('are given as a copy that later requests do not change', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'one' }] });
    const before = server.requests;
    await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(before).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('timing and disconnects', () => {
  it.each([
    ['delayMilliseconds', { text: 'late', delayMilliseconds: 300 }],
    ['the deprecated delayMs', { text: 'late', delayMs: 300 }],
  ])('waits %s before answering', async (_name, turn) => {
    await using server = await startScriptedModelServer({ turns: [turn] });
    const started = performance.now();
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const elapsed = performance.now() - started;

    expect(reply.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
  });

  it.each([
    ['chunkDelayMilliseconds', { text: 'one two three', chunkDelayMilliseconds: 60 }],
    ['the deprecated chunkDelayMs', { text: 'one two three', chunkDelayMs: 60 }],
  ])('waits %s between streamed events', async (_name, turn) => {
    // Six events (role, three pieces, finish, [DONE]) leave five gaps of 60 ms.
    await using server = await startScriptedModelServer({ turns: [turn] });
    const started = performance.now();
    const response = await postStream(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    const events = parseServerSentEvents(await response.text());
    const elapsed = performance.now() - started;

    expect(events).toHaveLength(6);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('survives a client that aborts mid-stream, and answers the next request', async () => {
    const words = Array.from({ length: 40 }, (_, position) => `word${position} `);
    await using server = await startScriptedModelServer({
      turns: [{ text: words.join(''), chunks: words, chunkDelayMilliseconds: 50 }, { text: 'still here' }],
    });
    const controller = new AbortController();
    const response = await fetch(`${server.openAiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...openAiRequest, stream: true }),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const firstChunk = parseServerSentEvents(new TextDecoder().decode(first.value))[0];
    expect(JSON.parse(firstChunk?.data ?? '') as OpenAiChunk).toMatchObject({
      choices: [{ delta: { role: 'assistant' } }],
    });
    controller.abort();
    await expect(reader.read()).rejects.toThrow();

    // The stream had about 2 seconds left; the server stops it as soon as it sees the client go.
    await waitFor(() => server.pendingAnswers === 0, 1_000);
    const next = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(next.body).toMatchObject({ choices: [{ message: { content: 'still here' } }] });
  });

  it('counts the most answers pending at one time, until reset', async () => {
    await using server = await startScriptedModelServer();
    server.enqueue(...Array.from({ length: 4 }, () => ({ text: 'later', delayMilliseconds: 200 })));
    const call = () => postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    await Promise.all([call(), call(), call()]);
    expect(server.mostPendingAnswers).toBe(3);
    server.reset();
    expect(server.mostPendingAnswers).toBe(0);
    server.enqueue({ text: 'alone' });
    await call();
    expect(server.mostPendingAnswers).toBe(1);
  });

  it('gives up a delayed answer when the client aborts during delayMilliseconds', async () => {
    await using server = await startScriptedModelServer({ turns: [{ text: 'never sent', delayMilliseconds: 10_000 }] });
    const controller = new AbortController();
    const pending = fetch(`${server.openAiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(openAiRequest),
      signal: controller.signal,
    });
    await waitFor(() => server.requests.length === 1);
    expect(server.pendingAnswers).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => server.pendingAnswers === 0, 1_000);
  });
});

describe('lifecycle', () => {
  it('frees the port on close, even with an open keep-alive connection', async () => {
    const first = await startScriptedModelServer({ turns: [{ text: 'hi' }] });
    await postJson(`${first.openAiBaseUrl}/chat/completions`, openAiRequest);
    await first.close();
    await first.close();
    await expect(fetch(`${first.url}/v1/models`)).rejects.toThrow();

    await using second = await startScriptedModelServer({ port: first.port, turns: [{ text: 'same port' }] });
    expect(second.url).toBe(first.url);
    const reply = await postJson(`${second.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({ choices: [{ message: { content: 'same port' } }] });
  });

  it('ends answers still waiting when it closes', async () => {
    const server = await startScriptedModelServer({ turns: [{ text: 'never sent', delayMilliseconds: 10_000 }] });
    const pending = fetch(`${server.openAiBaseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(openAiRequest),
    });
    await waitFor(() => server.requests.length === 1);
    const closing = performance.now();
    await server.close();
    expect(performance.now() - closing).toBeLessThan(1_000);
    await expect(pending).rejects.toThrow();
  });

  it('closes at the end of an await using block', async () => {
    let url = '';
    {
      await using server = await startScriptedModelServer();
      url = server.url;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.openAiBaseUrl).toBe(`${url}/v1`);
      expect(server.anthropicBaseUrl).toBe(`${url}/v1`);
      expect((await fetch(`${url}/v1/models`)).status).toBe(200);
    }
    await expect(fetch(`${url}/v1/models`)).rejects.toThrow();
  });

  it('listens on the IPv6 loopback when asked, with the address in brackets', async (context) => {
    // `await using` accepts undefined: the server when IPv6 works, nothing when the machine has none.
    await using server = await startScriptedModelServer({ host: '::1', turns: [{ text: 'over IPv6' }] }).catch(
      (error: unknown) => {
        if (['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes((error as { code?: string }).code ?? '')) return undefined;
        throw error;
      },
    );
    if (server === undefined) return context.skip();
    expect(server.url).toBe(`http://[::1]:${server.port}`);
    const reply = await postJson(`${server.openAiBaseUrl}/chat/completions`, openAiRequest);
    expect(reply.body).toMatchObject({ choices: [{ message: { content: 'over IPv6' } }] });
  });

  it('listens on loopback only', async () => {
    const options = { host: '0.0.0.0' } as unknown as Parameters<typeof startScriptedModelServer>[0];
    await expect(startScriptedModelServer(options)).rejects.toMatchObject({
      code: 'SCRIPTED_MODEL_SERVER_OPTIONS_INVALID',
      message: expect.stringContaining("host must be '127.0.0.1' or '::1'"),
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
