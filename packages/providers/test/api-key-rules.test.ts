import {
  ChatModelService,
  Configuration,
  coreSettingsSections,
  createEchoModel,
  echoNotice,
  LlmClient,
  LlmProviderError,
  llmSettings,
  loadConfiguration,
  MissingApiKeyError,
  ServiceCollection,
} from '@orkeon/core';
import {
  captureLogger,
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addSvcLlm, createChatModel, createChatModelFromConfiguration } from '../src/index.js';
import { routeTo } from './support/routing-fetch.js';

let server: ScriptedModelServer;

beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  vi.unstubAllEnvs();
});

const secretNameSentence = 'Llm:ApiKeySecretName is only recorded and never resolved';

function clientFor(configuration: Configuration) {
  const logs = captureLogger();
  const model = createChatModelFromConfiguration(configuration, logs.logger, { fetch: routeTo(server.url) });
  return {
    model,
    logs,
    client: new LlmClient({ model, logger: logs.logger, settings: { MaxRetries: 0, TimeoutSeconds: 5 } }),
  };
}

describe('Llm:ApiKeySecretName', () => {
  it('is never resolved: a config holding only the name fails every call and sends nothing', async () => {
    server.enqueue({ text: 'must not be used' });
    const configuration = Configuration.fromObject(
      { Llm: { Model: 'gpt-test', ApiKeySecretName: 'kv://orkeon/openai-key' } },
      coreSettingsSections,
    );
    const { model, logs, client } = clientFor(configuration);
    expect(model).toMatchObject({ provider: 'openai', modelId: 'gpt-test', supportsStreaming: false });
    for (const options of [{}, { onDelta: () => {} }]) {
      const failure = await client.complete('hello', options).catch((error: unknown) => error);
      expect(MissingApiKeyError.isInstance(failure)).toBe(true);
      expect((failure as Error).message).toMatch(
        /^An API key is required for the 'openai' provider: set Llm:ApiKey \(or the environment variable SVC_Llm__ApiKey\)\./,
      );
      expect((failure as Error).message).toContain(secretNameSentence);
    }
    expect(server.requests).toHaveLength(0);
    expect(server.remainingTurns).toBe(1);
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain('kv://orkeon/openai-key');
  });

  it('does not stand in the way of a key: with ApiKey too, the same route reaches the server', async () => {
    server.enqueue({ text: 'reached' });
    const configuration = Configuration.fromObject(
      { Llm: { Model: 'gpt-test', ApiKey: 'sk-real', ApiKeySecretName: 'kv://orkeon/openai-key' } },
      coreSettingsSections,
    );
    const { model, client } = clientFor(configuration);
    expect(model.supportsStreaming).toBe(true);
    expect((await client.complete('hello')).output).toBe('reached');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-real');
  });
});

describe('no key at all', () => {
  it('fails each call of a provider that needs one, without the secret-name sentence', async () => {
    const configuration = Configuration.fromObject({ Llm: { Model: 'claude-sonnet-5' } }, coreSettingsSections);
    const { model, client } = clientFor(configuration);
    expect(model).toMatchObject({ provider: 'anthropic', supportsStreaming: false });
    for (let call = 0; call < 2; call++) {
      const failure = await client.act('hello').catch((error: unknown) => error);
      expect((failure as Error).message).toMatch(/^An API key is required for the 'anthropic' provider/);
      expect((failure as Error).message).not.toContain(secretNameSentence);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("never falls back to the SDK packages' own environment variables", async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-openai-variable');
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-from-variable');
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
    const unconfigured = createChatModel({ Model: 'gpt-test' });
    expect(unconfigured.supportsStreaming).toBe(false);
    server.enqueue({ text: 'local' }, { text: 'local anthropic' });
    const keyless = createChatModel({ BaseUrl: server.openAiBaseUrl, Model: 'gpt-test' });
    const logger = captureLogger().logger;
    expect((await new LlmClient({ model: keyless, logger }).complete('hi')).output).toBe('local');
    const anthropic = createChatModel(
      { BaseUrl: server.anthropicBaseUrl, Model: 'claude-sonnet-5' },
      { provider: 'anthropic' },
    );
    expect((await new LlmClient({ model: anthropic, logger }).complete('hi')).output).toBe('local anthropic');
    expect(server.requests.map((request) => request.headers.authorization ?? request.headers['x-api-key'])).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('SVC_Llm__ApiKey', () => {
  it('arrives through the configuration and reaches the server as a bearer token', async () => {
    await using settingsFolder = await createTemporaryDirectory();
    await using keyed = await startScriptedModelServer({
      requireApiKey: 'sk-from-environment',
      turns: [{ text: 'authorised' }],
    });
    const configuration = await loadConfiguration({
      sections: coreSettingsSections,
      searchDirectories: [settingsFolder.path],
      environment: {
        SVC_Llm__BaseUrl: keyed.openAiBaseUrl,
        SVC_Llm__Model: 'gpt-test',
        SVC_Llm__ApiKey: 'sk-from-environment',
        SVC_Llm__MaxRetries: '0',
      },
    });
    const logger = captureLogger().logger;
    const model = createChatModelFromConfiguration(configuration, logger);
    const client = new LlmClient({ model, logger, settings: configuration.get(llmSettings) });
    expect((await client.complete('hello')).output).toBe('authorised');
    expect(keyed.requests[0]?.headers.authorization).toBe('Bearer sk-from-environment');
  });

  it('a wrong key is answered 401 by the server, reported with its status and not retried', async () => {
    await using keyed = await startScriptedModelServer({ requireApiKey: 'sk-right', turns: [{ text: 'never' }] });
    const logger = captureLogger().logger;
    const model = createChatModel({ BaseUrl: keyed.openAiBaseUrl, Model: 'gpt-test', ApiKey: 'sk-wrong' });
    const failure = await new LlmClient({ model, logger, settings: { MaxRetries: 3, TimeoutSeconds: 5 } })
      .complete('hello')
      .catch((error: unknown) => error);
    expect(LlmProviderError.isInstance(failure)).toBe(true);
    expect((failure as LlmProviderError).statusCode).toBe(401);
    expect(keyed.requests).toHaveLength(1);
  });
});

describe('keyless local endpoints', () => {
  it('a local OpenAI-compatible server works without a key and receives none', async () => {
    server.enqueue({ text: 'local answer', chunks: ['local ', 'answer'] });
    const configuration = Configuration.fromObject(
      { Llm: { BaseUrl: server.openAiBaseUrl, Model: 'qwen3-coder-30b' } },
      coreSettingsSections,
    );
    const logger = captureLogger().logger;
    const model = createChatModelFromConfiguration(configuration, logger);
    expect(model).toMatchObject({ provider: 'openai', supportsStreaming: true });
    const deltas: string[] = [];
    const result = await new LlmClient({ model, logger }).complete('hi', { onDelta: (delta) => deltas.push(delta) });
    expect(result.output).toBe('local answer');
    expect(deltas.join('')).toBe('local answer');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('Ollama needs no key, wherever it runs', () => {
    expect(createChatModel({ Model: 'llama3.2' })).toMatchObject({ provider: 'ollama', supportsStreaming: true });
    expect(createChatModel({ BaseUrl: 'http://gpu-box.lan:11434/v1' })).toMatchObject({
      provider: 'ollama',
      modelId: 'llama3.2',
      supportsStreaming: true,
    });
  });

  it('a remote OpenAI-compatible server still needs a key', () => {
    expect(createChatModel({ BaseUrl: 'https://llm.example.com/v1', Model: 'x' }).supportsStreaming).toBe(false);
  });
});

describe('no Llm section', () => {
  it('gives the echo model: answers carry the echo notice, one warning is logged', async () => {
    const logs = captureLogger();
    const model = createChatModelFromConfiguration(Configuration.fromObject({}, coreSettingsSections), logs.logger);
    expect(model.provider).toBe('echo');
    const client = new LlmClient({ model, logger: logs.logger });
    expect((await client.complete('first')).output).toBe(`${echoNotice} first`);
    expect((await client.act('second')).output).toContain(echoNotice);
    expect(logs.records().filter((record) => record.level === 40)).toHaveLength(1);
  });

  it('an Llm section written as Svc:Llm is a section: no echo', () => {
    const configuration = Configuration.fromObject(
      { Svc: { Llm: { Model: 'gpt-test', ApiKey: 'sk-x' } } },
      coreSettingsSections,
    );
    expect(createChatModelFromConfiguration(configuration)).toMatchObject({
      provider: 'openai',
      supportsStreaming: true,
    });
  });
});

describe('addSvcLlm', () => {
  it('registers the model of the settings, once', () => {
    const configuration = Configuration.fromObject(
      { Llm: { Model: 'grok-4.6', ApiKey: 'xai-k' } },
      coreSettingsSections,
    );
    const provider = addSvcLlm(new ServiceCollection(), configuration).build();
    const model = provider.get(ChatModelService);
    expect(model).toMatchObject({ provider: 'grok', modelId: 'grok-4.6' });
    expect(provider.get(ChatModelService)).toBe(model);
  });

  it('keeps a model the host registered', () => {
    const own = createEchoModel();
    const configuration = Configuration.fromObject({ Llm: { Model: 'gpt-test' } }, coreSettingsSections);
    const services = new ServiceCollection().addInstance(ChatModelService, own);
    expect(addSvcLlm(services, configuration).build().get(ChatModelService)).toBe(own);
  });

  it('gives the echo model without an Llm section', () => {
    const logs = captureLogger();
    const services = addSvcLlm(
      new ServiceCollection(),
      Configuration.fromObject({}, coreSettingsSections),
      logs.logger,
    );
    expect(services.build().get(ChatModelService).provider).toBe('echo');
    expect(logs.records().filter((record) => record.level === 40)).toHaveLength(1);
  });
});
