import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCrew } from '../../src/crew/define-crew.js';
import { type ChatModel, createRuntime, LlmClient, LlmError, LlmProviderError, withRetries } from '../../src/index.js';
import type { ModelRetry } from '../../src/llm/retry-policy.js';
import type { RunEvent } from '../../src/runtime/run-events.js';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A port nothing listens on: the system's pick, closed again. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function modelAt(baseURL: string, modelId = 'test-model'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}

/** `withRetries` around the model, with the retries and the waits recorded instead of slept. */
function recorded(model: LanguageModelV4, maxRetries: number) {
  const retries: ModelRetry[] = [];
  const waits: number[] = [];
  const retrying = withRetries(model, {
    provider: 'openai',
    maxRetries,
    timeoutSeconds: 30,
    onRetry: (retry) => retries.push(retry),
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
    },
  });
  const call = () =>
    retrying.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] }).then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => error as Error,
    );
  return { retries, waits, call };
}

/** An error's message and its causes' messages, joined the way log lines join them. */
function withCauses(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(': ');
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('retries of a model call', () => {
  it('a refused connection is retried with the backoff, and each retry is told what failed, which retry and the wait', async () => {
    const port = await closedPort();
    const { retries, waits, call } = recorded(modelAt(`http://127.0.0.1:${port}/v1`).model, 3);
    const failure = await call();
    const reason = `connection refused at http://127.0.0.1:${port}/v1/chat/completions`;
    expect(retries).toEqual([
      { provider: 'openai', model: 'test-model', retry: 1, maxRetries: 3, delayMs: 1000, reason },
      { provider: 'openai', model: 'test-model', retry: 2, maxRetries: 3, delayMs: 2000, reason },
      { provider: 'openai', model: 'test-model', retry: 3, maxRetries: 3, delayMs: 6000, reason },
    ]);
    expect(waits).toEqual([1000, 2000, 6000]);
    expect(LlmProviderError.isInstance(failure)).toBe(true);
    expect(failure.message).toBe(
      `The 'openai' provider failed: ${reason} (ECONNREFUSED, 4 attempts). Check that the server is running and that Llm:BaseUrl points to it.`,
    );
    // The socket's own words follow once in a log line; the SDK's wrapper would repeat them.
    expect(occurrences(withCauses(failure), `connect ECONNREFUSED 127.0.0.1:${port}`)).toBe(1);
    expect(withCauses(failure)).not.toContain('Cannot connect to API');
  });

  it.each([9, 6000])(
    'a port fetch blocks (127.0.0.1:%i) fails at once, naming the port and the setting',
    async (port) => {
      const { retries, waits, call } = recorded(modelAt(`http://127.0.0.1:${port}/v1`).model, 5);
      const failure = await call();
      expect(retries).toEqual([]);
      expect(waits).toEqual([]);
      expect(LlmError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({ code: 'LLM_ENDPOINT_INVALID' });
      expect(failure.message).toBe(
        `The 'openai' provider cannot be called: http://127.0.0.1:${port}/v1/chat/completions uses port ${port}, which fetch refuses to connect to (it is on the fetch standard's list of blocked ports). Choose another port in Llm:BaseUrl.`,
      );
      // Today's wording said 'bad port' three times over; now undici's words come once, as the cause.
      expect(occurrences(withCauses(failure), 'bad port')).toBe(1);
    },
  );

  it.each([
    ['a scheme fetch does not know', 'localhost:5999/v1', 'localhost:5999/v1/chat/completions'],
    ['a URL that does not parse', 'http://exa mple/v1', 'http://exa mple/v1/chat/completions'],
  ])('%s fails at once with the URL and the setting', async (_, baseURL, shown) => {
    const { retries, call } = recorded(modelAt(baseURL).model, 5);
    const failure = await call();
    expect(retries).toEqual([]);
    expect(failure).toMatchObject({ code: 'LLM_ENDPOINT_INVALID' });
    expect(failure.message).toBe(
      `The 'openai' provider cannot be called: ${shown} is not an http:// or https:// URL. Set Llm:BaseUrl to an absolute http:// or https:// URL.`,
    );
  });

  it.each([
    [401, 'Incorrect API key provided: sk-wrong.', 'check Llm:ApiKey (or SVC_Llm__ApiKey)'],
    [403, 'This key may not use the model test-model', 'may use Llm:Model at Llm:BaseUrl'],
  ])('HTTP %i fails at once with the provider’s reason and what to check', async (status, message, fix) => {
    server.enqueue({ error: { status, message } }, { text: 'a retry would get this' });
    const retries: ModelRetry[] = [];
    const client = new LlmClient({
      model: modelAt(server.openAiBaseUrl),
      logger: captureLogger().logger,
      settings: { maxRetries: 3 },
      onRetry: (retry) => retries.push(retry),
    });
    const failure = await client.complete('hello').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure).toMatchObject({ code: 'LLM_PROVIDER_FAILED', statusCode: status });
    expect(failure?.message).toContain(`The 'openai' provider failed (HTTP ${status}): ${message}`);
    expect(failure?.message).toContain(fix);
    expect(occurrences(failure?.message ?? '', message)).toBe(1);
    expect(retries).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('a 503 is retried after what Retry-After asks, reported with its status and the provider’s reason', async () => {
    server.enqueue(
      { error: { status: 503, message: 'The engine is overloaded.', retryAfterSeconds: 0 } },
      { text: 'ok' },
    );
    const retries: ModelRetry[] = [];
    const client = new LlmClient({
      model: modelAt(server.openAiBaseUrl, 'gpt-test'),
      logger: captureLogger().logger,
      settings: { maxRetries: 2 },
      onRetry: (retry) => retries.push(retry),
    });
    expect((await client.complete('hello')).output).toBe('ok');
    expect(retries).toEqual([
      {
        provider: 'openai',
        model: 'gpt-test',
        retry: 1,
        maxRetries: 2,
        delayMs: 0,
        reason: 'HTTP 503: The engine is overloaded.',
        statusCode: 503,
      },
    ]);
  });

  it('without onRetry, LlmClient logs one warning per retry', async () => {
    server.enqueue(
      { error: { status: 500, message: 'backend down', retryAfterSeconds: 0 } },
      { error: { status: 429, message: 'slow down', retryAfterSeconds: 0 } },
      { text: 'ok' },
    );
    const logs = captureLogger();
    const client = new LlmClient({
      model: modelAt(server.openAiBaseUrl),
      logger: logs.logger,
      settings: { maxRetries: 5 },
    });
    expect((await client.complete('hello')).output).toBe('ok');
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings.map((record) => record.msg)).toEqual([
      'model request failed (HTTP 500: backend down); retry 1 of 5 now',
      'model request failed (HTTP 429: slow down); retry 2 of 5 now',
    ]);
    expect(warnings[0]).toMatchObject({ provider: 'openai', model: 'test-model', retry: 1, statusCode: 500 });
  });

  it('an onRetry that throws is logged and the retry still happens', async () => {
    server.enqueue({ error: { status: 502, retryAfterSeconds: 0 } }, { text: 'ok' });
    const logs = captureLogger();
    const client = new LlmClient({
      model: modelAt(server.openAiBaseUrl),
      logger: logs.logger,
      settings: { maxRetries: 1 },
      onRetry: () => {
        throw new Error('listener broke');
      },
    });
    expect((await client.complete('hello')).output).toBe('ok');
    expect(logs.records().some((record) => record.msg === 'onRetry threw; the retry goes on')).toBe(true);
  });

  it('a timed-out attempt is reported as a retry without a wait', async () => {
    server.enqueue({ text: 'too late', delayMilliseconds: 2_500 }, { text: 'in time' });
    const retries: ModelRetry[] = [];
    const client = new LlmClient({
      model: modelAt(server.openAiBaseUrl),
      logger: captureLogger().logger,
      settings: { maxRetries: 3, timeoutSeconds: 1 },
      onRetry: (retry) => retries.push(retry),
    });
    expect((await client.complete('hello')).output).toBe('in time');
    expect(retries).toMatchObject([{ retry: 1, delayMs: 0, reason: 'no answer within 1 s (Llm:TimeoutSeconds)' }]);
  });
});

describe('model.retry on the run event bus', () => {
  it('each retry of an agent’s call is a model.retry event that matches the published schema', async () => {
    const published = z.fromJSONSchema(
      JSON.parse(await readFile(new URL('../../schema/events.schema.json', import.meta.url), 'utf8')),
    );
    server.enqueue({ error: { status: 503, message: 'overloaded', retryAfterSeconds: 0 } }, { text: 'done' });
    await using runtime = await createRuntime({
      model: modelAt(server.openAiBaseUrl, 'gpt-test'),
      settings: { Llm: { MaxRetries: 2 } },
      logger: captureLogger().logger,
    });
    const crew = defineCrew({
      name: 'retrying',
      agents: [{ id: 'researcher', role: 'Researcher', goal: 'Find facts' }],
      tasks: [{ id: 'research', description: 'Find facts.', expectedOutput: 'Facts', agent: 'researcher' }],
    });
    const events: RunEvent[] = [];
    const result = await runtime.run(crew, { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(true);
    const retries = events.filter((event) => event.kind === 'model.retry');
    expect(retries).toEqual([
      expect.objectContaining({
        kind: 'model.retry',
        crewId: 'retrying',
        agentId: 'researcher',
        taskId: 'research',
        provider: 'openai',
        model: 'gpt-test',
        retry: 1,
        maxRetries: 2,
        delayMs: 0,
        reason: 'HTTP 503: overloaded',
        statusCode: 503,
      }),
    ]);
    for (const event of retries) expect(published.safeParse(JSON.parse(JSON.stringify(event))).success).toBe(true);
    expect(published.safeParse({ ...JSON.parse(JSON.stringify(retries[0])), delayMs: -1 }).success).toBe(false);
    expect(events.map((event) => event.kind).indexOf('model.retry')).toBeGreaterThan(
      events.map((event) => event.kind).indexOf('task.started'),
    );
  });
});
