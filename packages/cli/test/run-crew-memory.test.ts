import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: research
memory: true
agents:
  scout: { role: Scout, goal: Find facts }
tasks:
  find: { description: "{question}", expected_output: A short answer, agent: scout }
`,
});

const sent = (index: number) => JSON.stringify(scripted.server.requests[index]?.body);

describe('orkeon run: a crew with memory: true', () => {
  it('remembers its first run in the second, from the state file, in a new process', async () => {
    scripted.server.enqueue(
      { text: 'The office wifi password rotates every Monday.' },
      { text: 'It changes on Mondays, as found before.' },
    );
    const run = (question: string) => finished(scripted.start(['run', 'crew.yaml', '-V', `question=${question}`]));
    const first = await run('When does the office wifi password change?');
    expect(first.code, first.stderr).toBe(0);
    expect(sent(0)).not.toContain('What you remember');
    const second = await run('Remind me: when does the wifi password rotate?');
    expect(second.code, second.stderr).toBe(0);
    expect(sent(1)).toContain('What you remember from earlier work');
    expect(sent(1)).toContain('The office wifi password rotates every Monday.');
  }, 60_000);

  it('an unknown Memory:Provider stops the start and names the registered stores', async () => {
    const result = await scripted.run(['run', 'crew.yaml', '-V', 'question=hi'], {
      environment: { SVC_Memory__Provider: 'cassandra' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('MEMORY_PROVIDER_UNKNOWN');
    expect(result.stderr).toContain("Memory:Provider is 'cassandra'");
    expect(result.stderr).toContain('inmemory');
    expect(result.stderr).toContain('sqlite');
  });
});
