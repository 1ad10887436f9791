import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  captureLogger,
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatModel, createRuntime, defineAgent, defineCrew, type SettingsTree } from '../../src/index.js';

// Telemetry:CaptureContent through createRuntime: what was said lands on the spans only when it is on.
const spans = new InMemorySpanExporter();
const tracerProvider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
let server: ScriptedModelServer;
let folder: TemporaryDirectory;

beforeAll(() => {
  tracerProvider.register();
});
afterAll(async () => {
  await tracerProvider.shutdown();
});
beforeEach(async () => {
  spans.reset();
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  await mkdir(join(folder.path, 'docs'));
  await writeFile(join(folder.path, 'docs', 'a.md'), 'alpha beta');
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

function model(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true };
}

const reader = defineAgent({ id: 'reader', role: 'Reader', goal: 'Reads files', tools: ['file_read'] });

async function runOnce(settings: SettingsTree) {
  await using runtime = await createRuntime({
    model: model(),
    settings,
    mounts: [`${join(folder.path, 'docs')}:/docs:ro`],
    logger: captureLogger().logger,
  });
  server.enqueue(
    { toolCalls: [{ name: 'file_read', arguments: { path: '/docs/a.md' } }] },
    { text: 'It says alpha beta.' },
  );
  await runtime.run(reader, 'What does /docs/a.md say?');
  const finished = spans.getFinishedSpans();
  return {
    chats: finished.filter((span) => span.name === 'chat scripted'),
    tool: finished.find((span) => span.name === 'execute_tool file_read'),
  };
}

describe('Telemetry:CaptureContent', () => {
  it('puts the messages, the answers, the tool arguments and result on the spans', async () => {
    const { chats, tool } = await runOnce({ Telemetry: { CaptureContent: true } });
    expect(chats).toHaveLength(2);
    const [first, second] = chats;
    expect(String(first?.attributes['gen_ai.input.messages'])).toContain('What does /docs/a.md say?');
    expect(JSON.parse(String(first?.attributes['gen_ai.output.messages']))).toEqual([
      { type: 'tool-call', toolName: 'file_read', input: '{"path":"/docs/a.md"}' },
    ]);
    // The second call carries the tool's result in its messages, and the final answer.
    expect(String(second?.attributes['gen_ai.input.messages'])).toContain('alpha beta');
    expect(JSON.parse(String(second?.attributes['gen_ai.output.messages']))).toEqual([
      { type: 'text', text: 'It says alpha beta.' },
    ]);
    expect(JSON.parse(String(tool?.attributes['gen_ai.tool.call.arguments']))).toEqual({ path: '/docs/a.md' });
    expect(tool?.attributes['gen_ai.tool.call.result']).toContain('alpha beta');
  });

  it('records none of it by default', async () => {
    const { chats, tool } = await runOnce({});
    expect(chats).toHaveLength(2);
    for (const span of [...chats, tool]) {
      const keys = Object.keys(span?.attributes ?? {});
      expect(keys.filter((key) => /messages|call\.arguments|call\.result/.test(key))).toEqual([]);
    }
  });

  it('a crew run by the runtime puts its session id on its crew.run span (a recorded run finds its trace)', async () => {
    await using runtime = await createRuntime({ model: model(), logger: captureLogger().logger });
    server.enqueue({ text: 'Done.' });
    const crew = defineCrew({
      name: 'solo',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [{ id: 't', description: 'T', expectedOutput: 't', agent: 'w' }],
    });
    const result = await runtime.run(crew);
    const run = spans.getFinishedSpans().find((span) => span.name === 'crew.run');
    expect(run?.attributes['orkeon.session.id']).toBe(result.sessionId);
  });

  it('a run its budget stopped says so on its crew.run span', async () => {
    await using runtime = await createRuntime({ model: model(), logger: captureLogger().logger });
    server.enqueue({ text: 'One.', usage: { inputTokens: 40, outputTokens: 30 } });
    const crew = defineCrew({
      name: 'capped',
      budget: { tokens: 50 },
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [
        { id: 'a', description: 'A', expectedOutput: 'a', agent: 'w' },
        { id: 'b', description: 'B', expectedOutput: 'b', agent: 'w' },
      ],
    });
    const result = await runtime.run(crew);
    expect(result.budgetExhausted?.dimension).toBe('tokens');
    const run = spans.getFinishedSpans().find((span) => span.name === 'crew.run');
    expect(run?.attributes['error.type']).toBe('CREW_BUDGET_EXHAUSTED');
    expect(run?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
