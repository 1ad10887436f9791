import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  addGuardrail,
  createRuntime,
  defineCrew,
  defineGuardrail,
  defineTool,
  type Guardrail,
  type GuardrailContext,
  type GuardrailResult,
  type RunEvent,
  ServiceCollection,
} from '../../src/index.js';
import { scriptedModel, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const setup = useServerAndFolder();

const agent = { id: 'writer', role: 'Writer', goal: 'Writes' };

describe('defineGuardrail', () => {
  it('checks its name, stage and check, and types what the check gets and answers', () => {
    expect(() => defineGuardrail({ name: 'no spaces', stage: 'input', check: () => undefined })).toThrow(
      /needs a name of 1 to 64 letters/,
    );
    expect(() => defineGuardrail({ name: 'x', stage: 'before' as 'input', check: () => undefined })).toThrow(
      /stages are input, output, tool/,
    );
    expect(() => defineGuardrail({ name: 'x', stage: 'input' } as unknown as Guardrail)).toThrow(
      /needs a check function/,
    );
    expectTypeOf<Guardrail['check']>().parameter(0).toEqualTypeOf<GuardrailContext>();
    expectTypeOf<ReturnType<Guardrail['check']>>().toEqualTypeOf<GuardrailResult | Promise<GuardrailResult>>();
  });
});

describe('guardrails through createRuntime', () => {
  it('an input guardrail runs beside the model call and aborts it when it trips', async () => {
    const events: RunEvent[] = [];
    const slowReferee = defineGuardrail({
      name: 'no-internal-names',
      stage: 'input',
      // Judges only once the model call has started: it runs beside it, not before it.
      check: async ({ text }) => {
        await vi.waitFor(() => expect(setup.server.requests).toHaveLength(1), { timeout: 5_000 });
        return text.includes('Project Falcon') ? { block: 'names an internal project' } : undefined;
      },
    });
    await using runtime = await createRuntime({
      model: scriptedModel(setup.server),
      guardrails: [slowReferee],
      onEvent: (event) => {
        events.push(event);
      },
    });
    // An answer far slower than this test's time-out: only an aborted call lets the test end.
    setup.server.enqueue({ text: 'Here is the plan.', delayMilliseconds: 120_000 });
    await expect(runtime.run(agent, 'Write up Project Falcon.')).rejects.toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      message: "Blocked by guardrail 'no-internal-names' (input): names an internal project",
      details: { exitReason: 'GuardrailTripped', guardrail: 'no-internal-names', stage: 'input' },
    });
    // The model's answer was abandoned, not waited for.
    await vi.waitFor(() => expect(setup.server.pendingAnswers).toBe(0), { timeout: 5_000 });
    expect(events.find((event) => event.kind === 'guardrail.tripped')).toMatchObject({
      guardrail: 'no-internal-names',
      stage: 'input',
      reason: 'names an internal project',
      agentId: 'writer',
    });

    // A passing check lets the answer through.
    setup.server.enqueue({ text: 'Done.' });
    expect((await runtime.run(agent, 'Write up the picnic.')).output).toBe('Done.');
  }, 30_000);

  it('a sequential input guardrail rewrites the prompt before the model sees it; an output guardrail rewrites the answer', async () => {
    const redact = defineGuardrail({
      name: 'redact-emails',
      stage: 'input',
      parallel: false,
      check: ({ text }) => ({ rewrite: text.replace(/\S+@\S+/g, '[email]') }),
    });
    const polite = defineGuardrail({
      name: 'polite',
      stage: 'output',
      check: ({ text }) => (text.includes('stupid') ? { rewrite: text.replace('stupid', 'unusual') } : undefined),
    });
    await using runtime = await createRuntime({ model: scriptedModel(setup.server) });
    setup.server.enqueue({ text: 'A stupid request.' });
    const answer = await runtime.run({ ...agent, guardrails: [redact, polite] }, 'Mail ann@example.com the notes.');
    expect(answer.output).toBe('A unusual request.');
    const sent = JSON.stringify(setup.server.requests[0]?.body);
    expect(sent).toContain('Mail [email] the notes.');
    expect(sent).not.toContain('ann@example.com');
  });

  it('a tool guardrail refuses a call before it runs; a check that throws blocks', async () => {
    const runs: string[] = [];
    const remove = defineTool({
      name: 'delete_record',
      description: 'Deletes a record.',
      input: z.object({ id: z.string() }),
      access: 'Edit',
      execute: async ({ id }) => {
        runs.push(id);
        return 'deleted';
      },
    });
    const noBulk = defineGuardrail({
      name: 'no-bulk-delete',
      stage: 'tool',
      check: ({ text, tool }) => {
        if (tool === 'delete_record' && (JSON.parse(text) as { id: string }).id === '*')
          return { block: 'deleting every record needs a person' };
        return undefined;
      },
    });
    const services = new ServiceCollection();
    addGuardrail(services, noBulk);
    await using runtime = await createRuntime({ services, model: scriptedModel(setup.server), tools: [remove] });
    setup.server.enqueue(
      {
        toolCalls: [
          { id: 'a', name: 'delete_record', arguments: { id: '*' } },
          { id: 'b', name: 'delete_record', arguments: { id: '7' } },
        ],
      },
      { text: 'Deleted 7.' },
    );
    const crew = defineCrew({
      name: 'clerks',
      guardrails: ['no-bulk-delete'],
      agents: [{ ...agent, tools: ['delete_record'] }],
      tasks: [{ id: 'clean', description: 'Clean up.', expectedOutput: 'What was deleted.', agent: 'writer' }],
    });
    const result = await runtime.run(crew);
    expect(result.success).toBe(true);
    expect(runs).toEqual(['7']);
    expect(JSON.stringify(setup.server.requests[1]?.body)).toContain(
      "Error: Blocked by guardrail 'no-bulk-delete' (tool): deleting every record needs a person",
    );

    const broken = defineGuardrail({
      name: 'broken',
      stage: 'output',
      check: () => {
        throw new Error('the classifier is down');
      },
    });
    setup.server.enqueue({ text: 'Anything.' });
    await expect(runtime.run({ ...agent, guardrails: [broken] }, 'Go.')).rejects.toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      message: "Blocked by guardrail 'broken' (output): its check failed (the classifier is down)",
    });
  });

  it('refuses a crew that names a guardrail nothing answers to, before any model call', async () => {
    await using runtime = await createRuntime({ model: scriptedModel(setup.server) });
    const crew = defineCrew({
      name: 'c',
      agents: [{ ...agent, guardrails: ['no-such-guardrail'] }],
      tasks: [{ id: 't', description: 'd', expectedOutput: 'e', agent: 'writer' }],
    });
    await expect(runtime.run(crew)).rejects.toMatchObject({
      code: 'GUARDRAIL_UNKNOWN',
      message: expect.stringContaining("names guardrail 'no-such-guardrail', which is not registered"),
    });
    expect(setup.server.requests).toHaveLength(0);
  });
});
