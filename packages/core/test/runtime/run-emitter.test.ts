import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { type RunEvent, type RunEventBody, runEventSchema } from '../../src/runtime/run-events.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

describe('RunOptions.onEmitter', () => {
  it("adds the caller's events to the run's stream, in its seq, from run.started until run.finished", async () => {
    context.server.enqueue({ text: 'done' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const crew = defineCrew({
      name: 'hub',
      agents: [{ id: 'w', role: 'Worker', goal: 'Work' }],
      tasks: [{ id: 'a', description: 'A', expectedOutput: 'a', agent: 'w' }],
    });
    const calls: string[] = [];
    let kept: ((event: RunEventBody) => void) | undefined;
    const events: RunEvent[] = [];
    const result = await runtime.run(crew, {
      onEvent: (event) => {
        events.push(event);
        // Between the run's own events, as an outside source would.
        if (event.kind === 'task.started') kept?.({ kind: 'hub.message', from: 'crew://other', payload: { n: 1 } });
      },
      onEmitter: (emit) => {
        calls.push(emit === undefined ? 'closed' : 'open');
        if (emit !== undefined) kept = emit;
      },
    });
    expect(result.success).toBe(true);
    kept?.({ kind: 'hub.message', payload: 'too late' });
    expect(calls).toEqual(['open', 'closed']);
    expect(events.map((event) => event.kind)).toEqual([
      'run.started',
      'task.started',
      'hub.message',
      'cost.updated',
      'task.completed',
      'run.finished',
    ]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events[2]).toMatchObject({ v: 2, crewId: 'hub', from: 'crew://other', payload: { n: 1 } });
    for (const event of events) expect(runEventSchema.safeParse(event).success).toBe(true);
  });
});
