import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: chat
agents:
  concierge: { role: Concierge, goal: Help the guest }
tasks:
  answer: { description: "{message}", expected_output: An answer, agent: concierge }
`,
});

/** The messages the model was sent on its `index`-th request, as JSON text. */
const sent = (index: number) => JSON.stringify(scripted.server.requests[index]?.body);

describe('orkeon run --thread', () => {
  it('a second run in a new process continues the first: its message and the crew output come first', async () => {
    scripted.server.enqueue(
      { text: 'Noted: you are allergic to nuts.' },
      { text: 'Avoid the almond croissant.' },
      { text: 'Hello, who are you?' },
    );
    const run = (message: string, ...extra: string[]) =>
      finished(scripted.start(['run', 'crew.yaml', '-V', `message=${message}`, ...extra]));
    const first = await run('I am allergic to nuts.', '--thread', 'stay-7');
    expect(first.code, first.stderr).toBe(0);
    const second = await run('What should I avoid at breakfast?', '--thread', 'stay-7');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Avoid the almond croissant.');
    expect(sent(1)).toContain('I am allergic to nuts.');
    expect(sent(1)).toContain('Noted: you are allergic to nuts.');
    expect(sent(1).indexOf('allergic to nuts.')).toBeLessThan(sent(1).indexOf('What should I avoid'));
    // Another resource's thread of the same id starts empty.
    await run('Hello?', '--thread', 'stay-7', '--resource', 'guest:bob');
    expect(sent(2)).not.toContain('allergic');
  }, 60_000);

  it('an id that cannot name a thread exits 1 with the code and the fix', async () => {
    const result = await scripted.run(['run', 'crew.yaml', '-V', 'message=hi', '--thread', 'a/b']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CONVERSATION_ID_INVALID');
    expect(result.stderr).toContain("The thread id 'a/b' cannot be used");
  });
});
