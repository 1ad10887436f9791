import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Configuration, coreSettingsSections, createRuntime, defineCrew, ServiceCollection } from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer, toolResultText } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSvcEventHub, addSvcEventHubAcl, eventHubSettings } from '../src/index.js';

// A crew's `links:` hold from its run's first message: the runtime registers them when the crew
// starts, and the ACL stage refuses what they do not allow (here a topic the link does not list).

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

describe('a crew run with links: and the ACL stage', () => {
  it('lets through the topics its link allows and refuses the others', async () => {
    const configuration = Configuration.fromObject({}, [...coreSettingsSections, eventHubSettings]);
    const services = new ServiceCollection();
    addSvcEventHubAcl(services);
    addSvcEventHub(services, configuration);
    const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl });
    await using runtime = await createRuntime({
      services,
      configuration,
      logger: captureLogger({ level: 'warn' }).logger,
      model: {
        provider: 'openai',
        modelId: 'scripted',
        model: provider.chatModel('scripted'),
        supportsStreaming: true,
      },
    });
    const crew = defineCrew({
      name: 'billing',
      links: [{ to: 'shipping', direction: 'outbound', allowedTopics: ['orders'] }],
      agents: [{ id: 'clerk', role: 'Clerk', goal: 'Tell shipping', tools: ['publish_event'] }],
      tasks: [{ id: 'tell', description: 'Tell shipping', expectedOutput: 'Done', agent: 'clerk' }],
    });
    server.enqueue(
      {
        toolCalls: [
          { name: 'publish_event', arguments: { topic: 'invoices', payload: { n: 1 }, target_crew_id: 'shipping' } },
        ],
      },
      {
        toolCalls: [
          { name: 'publish_event', arguments: { topic: 'orders', payload: { n: 2 }, target_crew_id: 'shipping' } },
        ],
      },
      { text: 'Done.' },
    );
    const result = await runtime.run(crew);
    expect(result.success).toBe(true);
    const results = ((server.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[])
      .filter((message) => message.role === 'tool')
      .map((message) => toolResultText(String(message.content)));
    expect(results[0]).toContain(
      "The event hub refused a publish from crew 'billing' to 'shipping' on topic 'invoices': the link allows only the topics orders.",
    );
    expect(results[1]).toMatch(/"event_id":/);
  });
});
