import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { type CallerIdentity, toolInputJsonSchema } from '../../src/tools/tool.js';
import { scriptedModel, userTextOf, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const context = useServerAndFolder();
const research: CallerIdentity = { kind: 'agent', agentId: 'scout', crew: 'research' };
const sales: CallerIdentity = { kind: 'agent', agentId: 'scout', crew: 'sales' };

async function newRuntime() {
  return createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
}

describe('the memory_store tool', () => {
  it('remembers by category, recalls within the category and the crew, forgets only its own notes', async () => {
    await using runtime = await newRuntime();
    const call = async (caller: CallerIdentity, input: object) => {
      const result = await runtime.pipeline.invoke({ tool: 'memory_store', input, caller });
      return {
        outcome: result.outcome,
        value: result.outcome === 'Success' ? JSON.parse(result.output) : result.output,
      };
    };
    const kept = await call(research, {
      operation: 'remember',
      category: 'user',
      content: 'Ada prefers tea over coffee.',
    });
    expect(kept.value).toMatchObject({ category: 'user' });
    await call(research, { operation: 'remember', category: 'project', content: 'The tea report is due Friday.' });
    await call(sales, { operation: 'remember', category: 'user', content: 'Bob prefers tea too.' });

    const all = await call(research, { operation: 'recall', query: 'tea' });
    expect(all.value.map((note: { content: string }) => note.content).sort()).toEqual([
      'Ada prefers tea over coffee.',
      'The tea report is due Friday.',
    ]);
    const users = await call(research, { operation: 'recall', query: 'tea', category: 'user' });
    expect(users.value).toEqual([
      expect.objectContaining({ content: 'Ada prefers tea over coffee.', category: 'user' }),
    ]);

    const foreign = await call(sales, { operation: 'forget', key: kept.value.key });
    expect(foreign.outcome).toBe('Failure');
    expect(foreign.value).toContain('recall gives the keys of your notes');
    expect((await call(research, { operation: 'forget', key: kept.value.key })).outcome).toBe('Success');
    expect((await call(research, { operation: 'recall', query: 'tea', category: 'user' })).value).toEqual([]);
  });

  it('refuses an unknown category with the list, and keeps nothing', async () => {
    await using runtime = await newRuntime();
    const result = await runtime.pipeline.invoke({
      tool: 'memory_store',
      input: { operation: 'remember', category: 'gossip', content: 'x' },
      caller: research,
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/user.*project.*feedback.*reference/s);
    expect(await (await runtime.memory.get()).search('x')).toEqual([]);
  });

  it('takes one JSON object (as MCP clients and models read inputs) and names what an operation lacks', async () => {
    await using runtime = await newRuntime();
    const tool = runtime.tools.get('memory_store');
    expect(tool === undefined ? undefined : toolInputJsonSchema(tool).type).toBe('object');
    const result = await runtime.pipeline.invoke({
      tool: 'memory_store',
      input: { operation: 'remember', category: 'user' },
      caller: research,
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('remember needs content');
  });

  it('a note an agent keeps is recalled by its crew’s memory in a later run', async () => {
    await using runtime = await newRuntime();
    const crew = defineCrew({
      name: 'research',
      memory: true,
      agents: [{ id: 'scout', role: 'Scout', goal: 'Find facts', tools: ['memory_store'] }],
      tasks: [{ id: 'brew', description: 'Choose a drink for Ada.', expectedOutput: 'A drink', agent: 'scout' }],
    });
    context.server.enqueue(
      {
        toolCalls: [
          {
            name: 'memory_store',
            arguments: { operation: 'remember', category: 'user', content: 'Ada drinks green tea, never coffee.' },
          },
        ],
      },
      { text: 'Green tea.' },
      { text: 'Green tea again.' },
    );
    await runtime.run(crew, undefined);
    await runtime.run(crew, undefined);
    expect(userTextOf(context.server.requests[2])).toContain('Ada drinks green tea, never coffee.');
  });
});
