import { describe, expect, it } from 'vitest';
import { eventsOf } from './event-lines.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: pair
agents:
  lead: { role: Lead, goal: Plans the work, allow_delegation: true }
  helper: { role: Helper, goal: Does the work, allow_delegation: true }
  reviewer: { role: Reviewer, goal: Reviews the work }
tasks:
  plan: { description: Plan the release., expected_output: A plan, agent: lead }
`,
});

describe('orkeon run: the Guardian delegation phase', () => {
  it('refuses a delegation cycle with the Guardian message, as a guardian.blocked event', async () => {
    scripted.server.enqueue(
      {
        toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'Helper', task: 'Draft the plan.' } }],
      },
      // The helper hands the work back to the lead, who is waiting on it: a cycle.
      { toolCalls: [{ name: 'delegate_work_to_coworker', arguments: { coworker: 'lead', task: 'You do it.' } }] },
      { text: 'Draft: ship on Friday.' },
      { text: 'Plan: ship on Friday.' },
    );
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);
    expect(result.code, result.stderr).toBe(0);
    expect(scripted.server.requests).toHaveLength(4);
    expect(JSON.stringify(scripted.server.requests[2]?.body)).toContain(
      "Error: Blocked by Guardian (Delegation): delegation cycle: agent 'lead' is already on this request (lead → helper → lead).",
    );
    expect(eventsOf(result.stdout).find((event) => event.kind === 'guardian.blocked')).toMatchObject({
      phase: 'Delegation',
      action: 'blocked',
      toolName: 'delegate_work_to_coworker',
      agentId: 'helper',
    });
    const audit = await scripted.run(['audit', '--kind', 'guardian', '--json']);
    expect(JSON.parse(audit.stdout)).toMatchObject([
      {
        kind: 'guardian',
        outcome: 'Blocked',
        tool: 'delegate_work_to_coworker',
        detail: 'Delegation',
        agent: 'Helper',
      },
    ]);
  });
});
