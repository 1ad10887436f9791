import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ChatModel, defineTool, LlmClient, toolContent } from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const screenshot = defineTool({
  name: 'screenshot',
  description: 'answers a caption and an image',
  access: 'Read',
  input: z.object({}),
  execute: async () => toolContent(['The page:', { type: 'image', data: pixel, mimeType: 'image/png' }]),
});

let server: ScriptedModelServer;
let setup: ToolTestSetup;
beforeEach(async () => {
  server = await startScriptedModelServer();
  setup = await createToolTestSetup([screenshot]);
});
afterEach(async () => {
  await server.close();
  await setup.folder.remove();
});

async function actWith(model: ChatModel): Promise<unknown> {
  server.enqueue({ toolCalls: [{ name: 'screenshot', arguments: {} }] }, { text: 'A red pixel.' });
  const client = new LlmClient({
    model,
    logger: captureLogger().logger,
    pipeline: setup.pipeline(),
    tools: [screenshot],
  });
  const result = await client.act('What does the page show?');
  expect(result.output).toBe('A red pixel.');
  return server.requests[1]?.body;
}

describe('rich tool results reach the model', () => {
  it('as an image part of the tool result, for a provider that takes media there (Anthropic)', async () => {
    const provider = createAnthropic({ baseURL: server.anthropicBaseUrl, apiKey: 'test-key' });
    const body = (await actWith({
      provider: 'anthropic',
      modelId: 'claude-test',
      model: provider('claude-test'),
      supportsStreaming: true,
    })) as { messages: { role: string; content: unknown }[] };
    const toolResult = body.messages
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .find((part: { type?: string }) => part.type === 'tool_result') as { content: unknown[] };
    expect(toolResult.content).toEqual([
      { type: 'text', text: 'The page:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pixel } },
    ]);
  });

  it('as the text summary for a provider that would write the base64 into text (OpenAI chat)', async () => {
    const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl });
    const body = (await actWith({
      provider: 'openai',
      modelId: 'gpt-test',
      model: provider.chatModel('gpt-test'),
      supportsStreaming: true,
    })) as { messages: { role: string; content: unknown }[] };
    const toolMessage = body.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toBe('The page:\n[image image/png, 70 B]');
  });
});
