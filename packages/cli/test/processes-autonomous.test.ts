import { describe, expect, it } from 'vitest';
import { messageText } from './processes-test-setup.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: studio
process: autonomous
manager_agent: lead
agents:
  lead: { role: Lead, goal: Assign the work }
  coder: { role: Coder, goal: Write code, allow_delegation: true }
  tester: { role: Tester, goal: Test code }
tasks:
  build: { description: Build the feature., expected_output: Code }
`,
});

describe('orkeon run: autonomous crew', () => {
  it('the manager assigns; the failing agent delegates to the first other agent, who finishes the task', async () => {
    scripted.server.enqueue({ text: '{"agent":"coder"}' }, { error: { status: 500 } }, { text: 'CODE BY TESTER' });
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(messageText(scripted.server.requests[0], 'system')).toContain('You are Lead.');
    expect(messageText(scripted.server.requests[2], 'system')).toContain('You are Tester.');
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; taskId?: string; agentId?: string; success?: boolean });
    expect(events.filter((event) => event.kind === 'task.started').map((event) => event.agentId)).toEqual([
      'coder',
      'tester',
    ]);
    expect(events.find((event) => event.kind === 'task.completed')).toMatchObject({
      taskId: 'build',
      agentId: 'tester',
    });
  });
});
