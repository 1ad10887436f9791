import { LlmClient } from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CreateChatModelOptions, createChatModel, type LlmEndpointSettings } from '../src/index.js';
import { createAgentWorkspace, notesText } from './support/agent-workspace.js';
import { toolResultsIn } from './support/tool-results.js';

interface DialectCase {
  readonly dialect: string;
  readonly provider: string;
  readonly path: string;
  readonly settings: (server: ScriptedModelServer) => LlmEndpointSettings;
  readonly options: CreateChatModelOptions;
  readonly authorization: (headers: Readonly<Record<string, string>>) => string | undefined;
}

const dialects: readonly DialectCase[] = [
  {
    dialect: 'OpenAI (@ai-sdk/openai, chat completions)',
    provider: 'openai',
    path: '/v1/chat/completions',
    settings: (server) => ({ BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test-openai', Model: 'gpt-test' }),
    options: {},
    authorization: (headers) => headers.authorization,
  },
  {
    dialect: 'Anthropic (@ai-sdk/anthropic, messages)',
    provider: 'anthropic',
    path: '/v1/messages',
    settings: (server) => ({ BaseUrl: server.anthropicBaseUrl, ApiKey: 'sk-ant-test', Model: 'claude-sonnet-5' }),
    options: { provider: 'anthropic' },
    authorization: (headers) => headers['x-api-key'],
  },
  {
    dialect: 'OpenAI-compatible (@ai-sdk/openai-compatible)',
    provider: 'deepseek',
    path: '/v1/chat/completions',
    settings: (server) => ({ BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test-deepseek', Model: 'deepseek-test' }),
    options: { provider: 'deepseek' },
    authorization: (headers) => headers.authorization,
  },
];

describe.each(dialects)('$dialect through LlmClient', (dialect) => {
  let server: ScriptedModelServer;

  beforeAll(async () => {
    server = await startScriptedModelServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const model = () => createChatModel(dialect.settings(server), dialect.options);
  const expectedKey = () => {
    const key = dialect.settings(server).ApiKey ?? '';
    return dialect.authorization({ authorization: `Bearer ${key}`, 'x-api-key': key });
  };

  it('answers a prompt (buffered), with the key, system message and usage', async () => {
    server.enqueue({ text: 'Hello from the script.', usage: { inputTokens: 12, outputTokens: 5 } });
    const client = new LlmClient({ model: model(), logger: captureLogger().logger });
    expect(client.model.provider).toBe(dialect.provider);
    const result = await client.complete('Say hello.', { system: 'Be brief.' });
    expect(result).toEqual({
      output: 'Hello from the script.',
      usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 },
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ path: dialect.path, stream: false });
    expect(request?.body?.model).toBe(dialect.settings(server).Model);
    expect(dialect.authorization(request?.headers ?? {})).toBe(expectedKey());
    expect(request?.rawBody).toContain('Be brief.');
    expect(request?.rawBody).toContain('Say hello.');
  });

  it('streams to onDelta: the pieces join to the output', async () => {
    server.enqueue({ text: 'One, two, three.', chunks: ['One, ', 'two, ', 'three.'] });
    const deltas: string[] = [];
    const client = new LlmClient({ model: model(), logger: captureLogger().logger });
    const result = await client.complete('Count.', { onDelta: (delta) => deltas.push(delta) });
    expect(result.output).toBe('One, two, three.');
    expect(deltas.join('')).toBe(result.output);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(server.requests[0]?.stream).toBe(true);
  });

  it('runs a real file_read through the pipeline and sends its result back (buffered)', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(
      { toolCalls: [{ name: 'file_read', arguments: { path: '/workspace/notes.md' } }] },
      { text: 'The launch is on Thursday.' },
    );
    const result = await workspace.client(model()).act('When is the launch?');
    expect(result).toMatchObject({ output: 'The launch is on Thursday.', iterations: 2 });
    expect(result.exhausted).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(toolResultsIn(server.requests[1])).toEqual([notesText]);
    const offered = server.requests[0]?.rawBody ?? '';
    for (const tool of ['file_read', 'file_write', 'directory_read']) expect(offered).toContain(tool);
  });

  it('streams act: a pure tool-call turn emits nothing, the answer streams', async () => {
    await using workspace = await createAgentWorkspace();
    server.enqueue(
      { toolCalls: [{ name: 'file_read', arguments: { path: '/workspace/notes.md' } }] },
      { text: 'Thursday at nine.', chunks: ['Thursday ', 'at ', 'nine.'] },
    );
    const deltas: string[] = [];
    const result = await workspace.client(model()).act('When?', { onDelta: (delta) => deltas.push(delta) });
    expect(result).toMatchObject({ output: 'Thursday at nine.', iterations: 2 });
    expect(deltas.join('')).toBe('Thursday at nine.');
    expect(server.requests.map((request) => request.stream)).toEqual([true, true]);
    expect(toolResultsIn(server.requests[1])).toEqual([notesText]);
  });
});
