import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();
const logger = () => captureLogger().logger;

const toolNamesOf = (index: number) =>
  ((context.server.requests[index]?.body?.tools ?? []) as { function: { name: string } }[]).map(
    (tool) => tool.function.name,
  );
const systemOf = (index: number) =>
  String(((context.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[])[0]?.content);
const toolResultOf = (index: number) =>
  ((context.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content))
    .join('\n');

const crew = (options: { lead?: boolean; expert?: boolean; third?: boolean } = {}) =>
  defineCrew({
    name: 'team',
    agents: [
      { id: 'lead', role: 'Lead', goal: 'Lead the work', allowDelegation: options.lead ?? true },
      { id: 'expert', role: 'Expert', goal: 'Know things', allowDelegation: options.expert ?? false },
      ...(options.third === true ? [{ id: 'clerk', role: 'Clerk', goal: 'File things' }] : []),
    ],
    tasks: [{ id: 'report', description: 'Write the report', expectedOutput: 'A report', agent: 'lead' }],
  });

describe('delegation tools', () => {
  it('an agent with allowDelegation asks a coworker, who answers through its own model call', async () => {
    context.server.enqueue(
      {
        toolCalls: [
          {
            name: 'ask_question_to_coworker',
            arguments: { coworker: 'Expert', question: 'What is 6x7?', context: 'Maths' },
          },
        ],
      },
      { text: '42' },
      { text: 'The report says 42' },
    );
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const events: RunEvent[] = [];
    const result = await runtime.run(crew(), { onEvent: (event) => void events.push(event) });
    expect(result.output).toBe('The report says 42');
    expect(toolNamesOf(0)).toEqual(['ask_question_to_coworker', 'delegate_work_to_coworker']);
    expect(JSON.stringify(context.server.requests[0]?.body?.tools)).toContain('Expert (expert): Know things');
    expect(systemOf(1)).toContain('You are Expert.');
    expect(JSON.stringify(context.server.requests[1]?.body)).toContain('What is 6x7?');
    expect(toolNamesOf(1)).toEqual([]);
    expect(toolResultOf(2)).toContain('42');
    expect(events.find((event) => event.kind === 'delegation.started')).toMatchObject({
      agentId: 'lead',
      toAgentId: 'expert',
      toRole: 'Expert',
      mode: 'ask',
      depth: 1,
      taskId: 'report',
    });
  });

  it('agents without allowDelegation get no collaboration tools', async () => {
    context.server.enqueue({ text: 'alone' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    await runtime.run(crew({ lead: false }));
    expect(toolNamesOf(0)).toEqual([]);
  });

  it('no loops: a coworker cannot hand the work back up the chain', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'expert', task: 'Draft it' } }] },
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'Lead', task: 'You draft it' } }] },
      { text: 'drafted myself' },
      { text: 'final' },
    );
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const result = await runtime.run(crew({ expert: true, third: true }));
    expect(result.output).toBe('final');
    // The expert (depth 1) may delegate, but not to the lead, who is up the chain.
    expect(JSON.stringify(context.server.requests[1]?.body?.tools)).not.toContain('Lead (lead)');
    // The Guardian's delegation phase refuses the cycle first.
    expect(toolResultOf(2)).toContain(
      "Error: Blocked by Guardian (Delegation): delegation cycle: agent 'lead' is already on this request (lead → expert → lead).",
    );
  });

  it('no loops with the Guardian off either: the collaboration tools refuse it themselves', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'expert', task: 'Draft it' } }] },
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'Lead', task: 'You draft it' } }] },
      { text: 'drafted myself' },
      { text: 'final' },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      logger: logger(),
      settings: { Svc: { Guardian: { Enabled: false } } },
    });
    await runtime.run(crew({ expert: true, third: true }));
    expect(toolResultOf(2)).toMatch(
      /DENIED: Lead \(lead\) is already working on this request further up \(lead → expert\)/,
    );
  });

  it('depth is bounded by Svc:Delegation:MaxDepth', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'expert', task: 'Do it' } }] },
      { text: 'done by expert' },
      { text: 'final' },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      settings: { Svc: { Delegation: { MaxDepth: 1 } } },
      logger: logger(),
    });
    await runtime.run(crew({ expert: true, third: true }));
    // At depth 1 with MaxDepth 1 the expert gets no collaboration tools, though it may delegate.
    expect(toolNamesOf(1)).toEqual([]);
  });

  it('an unknown coworker is answered with the list of coworkers', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'ask_question_to_coworker', arguments: { coworker: 'Wizard', question: 'Magic?' } }] },
      { text: 'ok' },
    );
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    await runtime.run(crew());
    expect(toolResultOf(1)).toContain("There is no coworker 'Wizard'. Coworkers: Expert (expert).");
  });

  it('the hierarchical manager gets the collaboration tools only with allowDelegation', async () => {
    const { mayDelegate } = await import('../../src/runtime/agent-clients.js');
    const managed = (allowDelegation: boolean) =>
      defineCrew({
        name: 'h',
        process: 'hierarchical',
        manager: 'boss',
        agents: [
          { id: 'boss', role: 'Boss', goal: 'Manage', allowDelegation },
          { id: 'w', role: 'W', goal: 'Work' },
        ],
        tasks: [{ id: 't', description: 'T', expectedOutput: 't' }],
      });
    expect(mayDelegate(managed(false).agents[0] as never, managed(false))).toBe(false);
    expect(mayDelegate(managed(true).agents[0] as never, managed(true))).toBe(true);
    expect(mayDelegate(managed(true).agents[1] as never, managed(true))).toBe(false);
  });
});
