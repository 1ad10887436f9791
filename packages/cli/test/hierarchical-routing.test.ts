import { runEventSchema } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { messageText } from './processes-test-setup.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: newsroom
process: hierarchical
manager: editor
agents:
  editor: { role: Editor in chief, goal: Assign and review, allow_delegation: true }
  researcher: { role: Researcher, goal: Find facts }
  writer: { role: Writer, goal: Write clearly }
tasks:
  story: { description: Write about the moon., expected_output: A story }
`,
});

describe('orkeon run: hierarchical routing on --events jsonl', () => {
  it('shows each hand-over and the manager’s consultation, in order, every line a valid event', async () => {
    scripted.server.enqueue(
      { text: '{"agent":"writer","reason":"writing is its trade"}' },
      { text: 'The moon is 384,400 km away.' },
      {
        toolCalls: [
          { id: 'q1', name: 'ask_question_to_coworker', arguments: { coworker: 'Researcher', question: 'Is it?' } },
        ],
      },
      { text: 'Yes, on average.' },
      { text: '{"approved":false,"feedback":"Say it is the average."}' },
      { text: 'On average, the moon is 384,400 km away.' },
      { text: '{"approved":true,"feedback":""}' },
    );
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(messageText(scripted.server.requests[3], 'system')).toContain('You are Researcher.');
    const lines = result.stdout.trim().split('\n');
    const events = lines.map((line) => runEventSchema.parse(JSON.parse(line)));
    const routing = events.flatMap((event) => {
      switch (event.kind) {
        case 'delegation.started':
          return [`${event.mode} ${event.agentId}→${event.toAgentId} (${event.toRole}) depth ${event.depth}`];
        case 'task.started':
          return [`start ${event.agentId} #${event.attempt}`];
        case 'tool.called':
          return [`call ${event.toolName} by ${event.agentId}`];
        case 'task.completed':
          return [`done ${event.taskId} by ${event.agentId}`];
        default:
          return [];
      }
    });
    expect(routing).toEqual([
      'delegate editor→writer (Writer) depth 1',
      'start writer #1',
      'call ask_question_to_coworker by editor',
      'ask editor→researcher (Researcher) depth 1',
      'delegate editor→writer (Writer) depth 1',
      'start writer #2',
      'done story by writer',
    ]);
    expect(events.filter((event) => event.kind === 'delegation.started').every((e) => e.taskId === 'story')).toBe(true);
    // The manager's reason travels with its hand-overs: the assignment's reason, then the revision's feedback.
    const handOvers = events.filter((event) => event.kind === 'delegation.started' && event.mode === 'delegate');
    expect(handOvers.map((event) => (event.kind === 'delegation.started' ? event.reason : undefined))).toEqual([
      'writing is its trade',
      'Say it is the average.',
    ]);
    expect(events.at(-1)).toMatchObject({
      kind: 'run.finished',
      success: true,
      output: expect.stringContaining('On average'),
    });
  });
});
