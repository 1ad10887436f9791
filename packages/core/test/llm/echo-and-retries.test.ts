import { captureLogger } from '@orkeon/testing';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  addLlmConsoleStreaming,
  Configuration,
  coreSettingsSections,
  createEchoModel,
  createUnavailableModel,
  echoNotice,
  LlmClient,
  LlmDeltaSinkService,
  MissingApiKeyError,
  retryDelay,
  ServiceCollection,
} from '../../src/index.js';

const apiError = (status: number, headers: Record<string, string> = {}) =>
  new APICallError({
    message: 'x',
    url: 'http://x',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: headers,
  });

describe('echo model', () => {
  it('answers with a notice and the prompt, logging one warning', async () => {
    const logs = captureLogger();
    const client = new LlmClient({ model: createEchoModel(logs.logger), logger: logs.logger });
    const result = await client.complete('hello there');
    expect(result.output).toBe(`${echoNotice} hello there`);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(logs.records().filter((record) => record.level === 40)).toHaveLength(1);
  });

  it('streams to onDelta and runs act in one iteration without tools', async () => {
    const deltas: string[] = [];
    const client = new LlmClient({ model: createEchoModel(), logger: captureLogger().logger });
    const result = await client.act('plan the work', { onDelta: (delta) => deltas.push(delta) });
    expect(result).toMatchObject({ output: `${echoNotice} plan the work`, iterations: 1 });
    expect(deltas.join('')).toBe(result.output);
    expect(deltas.length).toBeGreaterThan(1);
  });
});

describe('unavailable model', () => {
  it('fails every call with the reason and reports no streaming', async () => {
    const model = createUnavailableModel(
      'openai',
      'gpt-5',
      () => new MissingApiKeyError('openai', { secretNameOnly: true }),
    );
    expect(model.supportsStreaming).toBe(false);
    const client = new LlmClient({ model, logger: captureLogger().logger });
    for (let call = 0; call < 2; call++) {
      await expect(client.complete('hi', { onDelta: () => {} })).rejects.toThrow(
        /^An API key is required for the 'openai' provider: set Llm:ApiKey \(or the environment variable SVC_Llm__ApiKey\)\. Llm:ApiKeySecretName is only recorded and never resolved/,
      );
    }
  });
});

describe('retry delays', () => {
  it('honour Retry-After and retry-after-ms, capped at 30 s', () => {
    expect(retryDelay(apiError(429, { 'retry-after': '2' }), 1)).toBe(2000);
    expect(retryDelay(apiError(429, { 'retry-after-ms': '150' }), 1)).toBe(150);
    expect(retryDelay(apiError(429, { 'retry-after': '120' }), 1)).toBe(30_000);
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    expect(retryDelay(apiError(503, { 'retry-after': inFiveSeconds }), 1)).toBeGreaterThan(3_000);
  });

  it('back off 1 s, 2 s, then three times longer, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(apiError(500), attempt))).toEqual([
      1000, 2000, 6000, 18_000, 30_000, 30_000,
    ]);
  });
});

describe('addLlmConsoleStreaming', () => {
  it('registers a console sink only with the flag', () => {
    const off = Configuration.fromObject({}, coreSettingsSections);
    expect(addLlmConsoleStreaming(new ServiceCollection(), off).has(LlmDeltaSinkService)).toBe(false);
    const written: string[] = [];
    const on = Configuration.fromObject(
      { Svc: { Cli: { ConsoleStreaming: { Enabled: true } } } },
      coreSettingsSections,
    );
    const output = { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream;
    const sink = addLlmConsoleStreaming(new ServiceCollection(), on, output).build().get(LlmDeltaSinkService);
    sink('abc');
    expect(written).toEqual(['abc']);
  });

  it('streams act output to the sink and to onDelta both', async () => {
    const toConsole: string[] = [];
    const toCaller: string[] = [];
    const client = new LlmClient({
      model: createEchoModel(),
      logger: captureLogger().logger,
      deltaSink: (delta) => toConsole.push(delta),
    });
    const result = await client.act('go', { onDelta: (delta) => toCaller.push(delta) });
    expect(toConsole.join('')).toBe(result.output);
    expect(toCaller.join('')).toBe(result.output);
  });
});
