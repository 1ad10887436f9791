import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { defineAgent, defineCrew } from '../../src/crew/define-crew.js';
import { toolCalled } from '../../src/llm/stop-conditions.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const logger = () => captureLogger().logger;
const weather = defineTool({
  name: 'weather',
  description: 'Weather in a city',
  input: z.object({ city: z.string() }),
  access: 'Read',
  execute: async ({ city }) => `Sunny in ${city}`,
});

describe('runtime.run and runtime.stream', () => {
  it('an agent gets tools by value and a plain AI SDK model', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'weather', arguments: { city: 'Lisbon' } }] },
      { text: 'It is sunny.' },
    );
    const model = createOpenAICompatible({ name: 'scripted.chat', baseURL: context.server.openAiBaseUrl }).chatModel(
      'm',
    );
    await using runtime = await createRuntime({ model, logger: logger() });
    expect(runtime.defaultModel).toMatchObject({ provider: 'scripted', modelId: 'm' });
    const agent = defineAgent({ id: 'guide', role: 'Guide', goal: 'Answer', tools: [weather] });
    expect(agent.tools).toEqual(['weather']);
    const result = await runtime.run(agent, 'Weather in Lisbon?');
    expect(result.output).toBe('It is sunny.');
    expect(runtime.tools.get('weather')).toBe(weather);
  });

  it('a different tool under a taken name is refused with TOOL_NAME_DUPLICATE', async () => {
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [weather],
      logger: logger(),
    });
    const impostor = defineTool({ ...weather, input: z.object({}), execute: async () => 'x', name: 'weather' });
    await expect(runtime.run({ id: 'a', role: 'A', goal: 'g', tools: [impostor] }, 'hi')).rejects.toMatchObject({
      code: 'TOOL_NAME_DUPLICATE',
    });
  });

  it('stream yields the agent and tool events in order, then the result', async () => {
    context.server.enqueue({ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'Snow.' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const stream = runtime.stream({ id: 'g', role: 'G', goal: 'x', tools: [weather] }, 'Oslo?', { deltas: true });
    const kinds: string[] = [];
    for await (const event of stream) kinds.push(event.kind);
    expect((await stream.result).output).toBe('Snow.');
    expect(kinds[0]).toBe('run.started');
    expect(kinds.slice(1, 4)).toEqual(['cost.updated', 'tool.called', 'tool.returned']);
    expect(kinds).toContain('llm.delta');
    expect(kinds.at(-1)).toBe('run.finished');
  });

  it('a failing run ends its stream with the error, and the result rejects', async () => {
    context.server.enqueue({ error: { status: 400, message: 'bad request' } });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const stream = runtime.stream({ id: 'g', role: 'G', goal: 'x' }, 'hi');
    const kinds: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) kinds.push(event.kind);
      })(),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^LLM_/) });
    expect(kinds).toEqual(['run.started', 'error', 'run.finished']);
    await expect(stream.result).rejects.toBeDefined();
  });

  it('tool events of two runs in flight at once reach each run’s own listener', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'weather', arguments: { city: 'A' } }], delayMilliseconds: 30 },
      { toolCalls: [{ name: 'weather', arguments: { city: 'B' } }] },
      { text: 'one' },
      { text: 'two' },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [weather],
      logger: logger(),
    });
    const seen = { a: [] as RunEvent[], b: [] as RunEvent[] };
    await Promise.all([
      runtime.run({ id: 'a', role: 'A', goal: 'g', tools: ['weather'] }, 'x', { onEvent: (e) => void seen.a.push(e) }),
      runtime.run({ id: 'b', role: 'B', goal: 'g', tools: ['weather'] }, 'y', { onEvent: (e) => void seen.b.push(e) }),
    ]);
    const toolEvents = (events: RunEvent[]) =>
      events.filter((event) => event.kind.startsWith('tool.')).map((event) => (event as { agentId?: string }).agentId);
    expect(toolEvents(seen.a)).toEqual(['a', 'a']);
    expect(toolEvents(seen.b)).toEqual(['b', 'b']);
  });

  it('a stop condition ends the loop once the named tool was called', async () => {
    const done = defineTool({
      name: 'finish',
      description: 'Hand in',
      input: z.object({}),
      access: 'Read',
      execute: async () => 'handed in',
    });
    context.server.enqueue({ toolCalls: [{ name: 'finish', arguments: {} }] }, { text: 'should not be asked' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const result = await runtime.run(
      { id: 's', role: 'S', goal: 'g', tools: [done], stopWhen: toolCalled('finish'), maxIterations: 5 },
      'go',
    );
    expect(context.server.requests).toHaveLength(1);
    expect(result.iterations).toBe(1);
  });

  it('a crew run writes deliverables through the file system and resumes a failed run reusing completed tasks', async () => {
    const store = new InMemoryStateStore();
    const crew = defineCrew({
      name: 'report',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [
        { id: 'draft', description: 'Draft', expectedOutput: 'd', agent: 'w', deliverable: { path: '/out/draft.md' } },
        { id: 'final', description: 'Final', expectedOutput: 'f', agent: 'w', dependencies: ['draft'] },
      ],
    });
    context.server.enqueue({ text: 'DRAFT' }, { error: { status: 400, message: 'no' } });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      mounts: [`${context.folder}:/out:rw`],
      logger: logger(),
    });
    const first = await runtime.run(crew);
    expect(first.success).toBe(false);
    expect(await readFile(join(context.folder, 'draft.md'), 'utf8')).toBe('DRAFT');

    context.server.enqueue({ text: 'FINAL' });
    const second = await runtime.run(crew, { resume: true });
    expect(second).toMatchObject({ success: true, output: 'FINAL', resumed: true, sessionId: first.sessionId });
    expect(second.tasks.find((task) => task.id === 'draft')?.reusedFromCheckpoint).toBe(true);
    expect(context.server.requests).toHaveLength(3);
    expect((await store.get(first.sessionId))?.phase).toBe('Completed');
  });

  it('a deliverable that cannot be written is reported and the session stays unfinished', async () => {
    const store = new InMemoryStateStore();
    const crew = defineCrew({
      name: 'ro',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [{ id: 't', description: 'T', expectedOutput: 't', agent: 'w', deliverable: { path: '/out/t.md' } }],
    });
    context.server.enqueue({ text: 'T' });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      mounts: [`${context.folder}:/out:ro`],
      logger: logger(),
    });
    const result = await runtime.run(crew);
    expect(result.deliverableFailure).toMatch(/deliverable of task 't' could not be written/);
    expect((await store.get(result.sessionId))?.phase).not.toBe('Completed');
  });

  it('a disposed runtime refuses new runs with a clear error', async () => {
    const runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    await runtime.dispose();
    await expect(runtime.run({ id: 'a', role: 'A', goal: 'g' }, 'x')).rejects.toMatchObject({
      code: 'RUNTIME_DISPOSED',
    });
  });

  it('a value that is no model is refused with a message naming what to pass', async () => {
    await expect(createRuntime({ model: { modelId: 'x' } as never })).rejects.toMatchObject({
      code: 'LLM_MODEL_INVALID',
    });
  });
});
