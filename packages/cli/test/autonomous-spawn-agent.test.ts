import { describe, expect, it } from 'vitest';
import { messageText } from './processes-test-setup.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: desk
process: autonomous
execution_budget: strict
agents:
  writer: { role: Writer, goal: Write the report }
tasks:
  report: { description: Write the report., expected_output: A report }
`,
});

const spawn = (role: string) => ({
  toolCalls: [{ name: 'spawn_agent', arguments: { role, goal: 'Check facts', task: 'Check that 6 x 7 = 42.' } }],
});

describe('orkeon run: spawn_agent in an autonomous crew', () => {
  it('the helper’s answer reaches the spawner and agent.spawned is on the event stream; Strict refuses a second spawn', async () => {
    scripted.server.enqueue(spawn('Fact checker'), { text: 'Checked: 42.' }, spawn('Proofreader'), {
      text: 'Report: 42.',
    });
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(messageText(scripted.server.requests[1], 'system')).toContain('You are Fact checker.');
    expect(JSON.stringify(scripted.server.requests[2]?.body?.messages)).toContain('Checked: 42.');
    expect(JSON.stringify(scripted.server.requests[3]?.body?.messages)).toContain(
      'Execution budget exhausted: spawnedAgents (2 of 1)',
    );
    const events = result.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { kind: string; agentId?: string; role?: string; reason?: string; output?: string },
      );
    expect(events.filter((event) => event.kind === 'agent.spawned')).toEqual([
      expect.objectContaining({
        agentId: 'writer.helper-1',
        role: 'Fact checker',
        reason: "spawned by Writer (writer) on task 'report'",
      }),
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', success: true, output: 'Report: 42.' });
  });
});
