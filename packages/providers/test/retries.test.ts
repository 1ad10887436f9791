import { LlmClient, LlmProviderError, LlmRateLimitError, LlmTimeoutError } from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CreateChatModelOptions, createChatModel, type LlmEndpointSettings } from '../src/index.js';
import { cutAfter } from './support/cutting-fetch.js';
import { refuseFirst } from './support/flaky-fetch.js';

let server: ScriptedModelServer;

beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

interface DialectSetup {
  readonly name: string;
  readonly settings: () => LlmEndpointSettings;
  readonly options: CreateChatModelOptions;
}

const dialects: readonly DialectSetup[] = [
  {
    name: 'openai',
    settings: () => ({ BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test', Model: 'gpt-test' }),
    options: {},
  },
  {
    name: 'anthropic',
    settings: () => ({ BaseUrl: server.anthropicBaseUrl, ApiKey: 'sk-ant-test', Model: 'claude-sonnet-5' }),
    options: { provider: 'anthropic' },
  },
];

function client(dialect: DialectSetup, MaxRetries: number, options: CreateChatModelOptions = {}, TimeoutSeconds = 30) {
  const model = createChatModel(dialect.settings(), { ...dialect.options, ...options });
  return new LlmClient({ model, logger: captureLogger().logger, settings: { MaxRetries, TimeoutSeconds } });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

/** The messages of an error and of its causes, outermost first. */
function causesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages;
}

describe.each(dialects)('retries ($name)', (dialect) => {
  it('waits what Retry-After asks after a 429, then succeeds on the one retry', async () => {
    server.enqueue({ error: { status: 429, retryAfterSeconds: 1 } }, { text: 'after the wait' });
    const started = performance.now();
    const result = await client(dialect, 3).complete('hello');
    const elapsed = performance.now() - started;
    expect(result.output).toBe('after the wait');
    expect(server.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('retries a 500 once it has backed off, then succeeds', async () => {
    server.enqueue({ error: { status: 500 } }, { text: 'recovered' });
    const started = performance.now();
    expect((await client(dialect, 2).complete('hello')).output).toBe('recovered');
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('with MaxRetries 0, a 429 is an LlmRateLimitError carrying the provider message', async () => {
    server.enqueue({ error: { status: 429, message: 'Tokens per minute exceeded for this key.' } });
    const failure = await failureOf(client(dialect, 0).complete('hello'));
    expect(LlmRateLimitError.isInstance(failure)).toBe(true);
    const error = failure as LlmRateLimitError;
    expect(error).toMatchObject({ code: 'LLM_RATE_LIMITED', statusCode: 429 });
    expect(error.message).toContain('Tokens per minute exceeded for this key.');
    expect(error.message).toContain('still rate limited after 1 attempt(s)');
    expect(server.requests).toHaveLength(1);
  });

  it('with MaxRetries 0, a 503 is an LlmProviderError with its status and message', async () => {
    server.enqueue({ error: { status: 503, message: 'The engine is overloaded.' } });
    const failure = await failureOf(client(dialect, 0).complete('hello'));
    expect(LlmProviderError.isInstance(failure)).toBe(true);
    expect(LlmRateLimitError.isInstance(failure)).toBe(false);
    expect(failure).toMatchObject({ code: 'LLM_PROVIDER_FAILED', statusCode: 503 });
    expect((failure as Error).message).toContain('(HTTP 503): The engine is overloaded.');
    expect(server.requests).toHaveLength(1);
  });

  it('stops when the retries run out, counting the attempts', async () => {
    server.enqueue({ error: { status: 429, retryAfterSeconds: 0 } }, { error: { status: 429, retryAfterSeconds: 0 } });
    const failure = await failureOf(client(dialect, 1).complete('hello'));
    expect((failure as Error).message).toContain('still rate limited after 2 attempt(s)');
    expect(server.requests).toHaveLength(2);
  });

  it('retries a connection that failed, then succeeds', async () => {
    server.enqueue({ text: 'connected' });
    const flaky = refuseFirst(1);
    expect((await client(dialect, 2, { fetch: flaky.fetch }).complete('hello')).output).toBe('connected');
    expect(flaky.attempts()).toBe(2);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a connection that keeps failing with its cause', async () => {
    const flaky = refuseFirst(5);
    const failure = await failureOf(client(dialect, 0, { fetch: flaky.fetch }).complete('hello'));
    expect(LlmProviderError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('ECONNREFUSED');
    expect(flaky.attempts()).toBe(1);
  });

  it('never retries a 400', async () => {
    server.enqueue({ error: { status: 400, message: 'Unknown parameter.' } }, { text: 'unused' });
    const failure = await failureOf(client(dialect, 3).complete('hello'));
    expect(failure).toMatchObject({ statusCode: 400 });
    expect((failure as Error).message).toContain('Unknown parameter.');
    expect(server.requests).toHaveLength(1);
  });

  it('never retries once stream output has arrived: the error surfaces after the shown text', async () => {
    server.enqueue({
      text: 'alpha beta gamma delta',
      chunks: ['alpha ', 'beta ', 'gamma ', 'delta'],
      chunkDelayMilliseconds: 40,
    });
    server.enqueue({ text: 'a retry would get this' });
    const deltas: string[] = [];
    const cutting = cutAfter(4);
    const failure = await failureOf(
      client(dialect, 3, { fetch: cutting }).complete('hello', { onDelta: (delta) => deltas.push(delta) }),
    );
    expect(LlmProviderError.isInstance(failure)).toBe(true);
    expect(causesOf(failure)).toContain('connection dropped mid-stream');
    expect(deltas.join('')).not.toBe('');
    expect('alpha beta gamma delta'.startsWith(deltas.join(''))).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(server.remainingTurns).toBe(1);
  });

  it('retries a call that timed out before its answer started, once', async () => {
    server.enqueue({ text: 'too late', delayMilliseconds: 2_500 }, { text: 'in time' });
    const started = performance.now();
    expect((await client(dialect, 3, {}, 1).complete('hello')).output).toBe('in time');
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('reports a timeout with MaxRetries 0 as LlmTimeoutError', async () => {
    server.enqueue({ text: 'too late', delayMilliseconds: 2_500 });
    const failure = await failureOf(client(dialect, 0, {}, 1).complete('hello'));
    expect(LlmTimeoutError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('timed out after 1 s (Llm:TimeoutSeconds)');
  });
});
