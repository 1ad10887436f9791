import { describe, expect, it } from 'vitest';
import { eventsOf } from './event-lines.js';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

describe('orkeon run: guardrails written in TypeScript', () => {
  it('an input guardrail of a crew.ts trips and aborts the model call; the task fails with GUARDRAIL_TRIPPED', async () => {
    await scripted.write(
      'crew.ts',
      `import { defineCrew, defineGuardrail } from '@orkeon/core';

const noCodenames = defineGuardrail({
  name: 'no-codenames',
  stage: 'input',
  check: async ({ text }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return /project falcon/i.test(text) ? { block: 'names a confidential project' } : undefined;
  },
});

export const crew = defineCrew({
  name: 'writers',
  guardrails: [noCodenames],
  agents: [{ id: 'writer', role: 'Writer', goal: 'Writes announcements' }],
  tasks: [{ id: 'announce', description: 'Announce Project Falcon.', expectedOutput: 'One paragraph', agent: 'writer' }],
});
`,
    );
    // Far slower than the test allows: the run ends only because the call is aborted.
    scripted.server.enqueue({ text: 'Announcing it.', delayMilliseconds: 120_000 });
    // A real process: the crew file imports the built @orkeon/core.
    const result = await finished(scripted.start(['run', 'crew.ts', '--events', 'jsonl']));
    expect(result.code, result.stderr).toBe(2);
    // The call may or may not have reached the model when the check answered (the core tests show it runs beside it).
    expect(scripted.server.requests.length).toBeLessThanOrEqual(1);
    const events = eventsOf(result.stdout);
    expect(events.find((event) => event.kind === 'guardrail.tripped')).toMatchObject({
      guardrail: 'no-codenames',
      stage: 'input',
      reason: 'names a confidential project',
      agentId: 'writer',
      taskId: 'announce',
    });
    const failed = events.find((event) => event.kind === 'task.completed') as unknown as {
      success: boolean;
      error: { code: string; message: string };
    };
    expect(failed.success).toBe(false);
    expect(failed.error).toEqual({
      code: 'GUARDRAIL_TRIPPED',
      message: "Blocked by guardrail 'no-codenames' (input): names a confidential project",
    });
  }, 30_000);
});
