import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type CallingModel, callingModel, defineTool, LlmClient } from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from '../tools/tool-test-setup.js';

// `callingModel()`: inside an agent's tool call, the model of that agent, answering through the
// agent's own client; outside one, nothing.

let seen: CallingModel | undefined;
let answer: string | undefined;
const consult = defineTool({
  name: 'consult',
  description: 'asks the calling agent’s model a side question',
  access: 'Read',
  input: z.object({}),
  execute: async () => {
    seen = callingModel();
    answer = (await seen?.complete('Side question?', { system: 'Answer briefly.', maxTokens: 7 }))?.output;
    return answer ?? 'no model';
  },
});

let server: ScriptedModelServer;
let setup: ToolTestSetup;
beforeEach(async () => {
  server = await startScriptedModelServer();
  setup = await createToolTestSetup([consult]);
  seen = undefined;
  answer = undefined;
});
afterEach(async () => {
  await server.close();
  await setup.folder.remove();
});

describe('callingModel()', () => {
  it('is the agent’s model inside its tool call, answering through the agent’s client', async () => {
    const provider = createOpenAICompatible({ name: 'scripted', baseURL: server.openAiBaseUrl });
    const client = new LlmClient({
      model: { provider: 'scripted', modelId: 'agent-model', model: provider('agent-model'), supportsStreaming: true },
      logger: captureLogger().logger,
      pipeline: setup.pipeline(),
      tools: [consult],
    });
    server.enqueue({ toolCalls: [{ name: 'consult', arguments: {} }] }, { text: 'Side answer.' }, { text: 'Done.' });
    const result = await client.act('Work');
    expect(result.output).toBe('Done.');
    expect(seen?.name).toBe('scripted/agent-model');
    expect(answer).toBe('Side answer.');
    const side = server.requests[1]?.body as { messages: { role: string; content: string }[]; max_tokens?: number };
    expect(side.messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Side question?' },
    ]);
    expect(side.max_tokens).toBe(7);
  });

  it('is undefined outside an agent’s tool call (the pipeline called directly)', async () => {
    const result = await setup.pipeline().invoke({ tool: 'consult', input: {}, caller: { kind: 'script' } });
    expect(result.output).toBe('no model');
    expect(seen).toBeUndefined();
    expectTypeOf(callingModel).returns.toEqualTypeOf<CallingModel | undefined>();
  });
});
