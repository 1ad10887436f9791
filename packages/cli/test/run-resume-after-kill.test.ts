import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const crew = `name: three-steps
process: sequential
agents:
  worker: { role: Worker, goal: Do each step }
tasks:
  one: { description: Step one., expected_output: A line, agent: worker }
  two: { description: Step two., expected_output: A line, agent: worker, dependencies: [one] }
  three: { description: Step three., expected_output: A line, agent: worker, dependencies: [two] }
`;

const scripted = useScriptedRun({ files: { 'crew/crew.yaml': crew } });

const start = (args: string[], environment: Record<string, string>) =>
  scripted.start(['run', 'crew', ...args], { environment });

/** Runs the crew, kills it with SIGKILL once task two is checkpointed, then resumes it. */
async function killAfterSecondTaskThenResume(environment: Record<string, string>) {
  scripted.server.enqueue(
    { text: 'one done' },
    { text: 'two done' },
    { text: 'never answered', delayMilliseconds: 30_000 },
  );
  const first = start(['--events', 'jsonl'], environment);
  const firstRun = finished(first);
  await new Promise<void>((resolve) => {
    let seen = '';
    first.stdout?.on('data', (chunk) => {
      seen += chunk;
      // The checkpoint is written before the next task starts: wait for task three to start.
      if (seen.includes('"kind":"task.started"') && seen.includes('"taskId":"three"')) resolve();
    });
  });
  first.kill('SIGKILL');
  expect((await firstRun).signal).toBe('SIGKILL');

  scripted.server.reset();
  scripted.server.enqueue({ text: 'three done' });
  const resumed = await finished(start(['--resume'], environment));
  return resumed;
}

describe('a run killed after its second task resumes without calling the model again for them', () => {
  it('on SQLite (the default store)', async () => {
    const resumed = await killAfterSecondTaskThenResume({});
    expect(resumed.stderr).not.toContain('ERROR');
    expect(resumed.code).toBe(0);
    expect(scripted.server.requests).toHaveLength(1);
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('two done');
    expect(resumed.stdout).toContain('=== Crew Output ===\nthree done');
  });

  describe('on PostgreSQL', () => {
    let postgres: PostgresServer;
    beforeAll(async () => {
      postgres = await startPostgresServer();
    }, 60_000);
    afterAll(async () => {
      await postgres?.stop();
    });

    it('with Svc:Checkpointing:Postgres:ConnectionString', async () => {
      const resumed = await killAfterSecondTaskThenResume({
        SVC_Svc__Checkpointing__Postgres__ConnectionString: postgres.connectionString,
      });
      expect(resumed.stderr).not.toContain('ERROR');
      expect(resumed.code).toBe(0);
      expect(scripted.server.requests).toHaveLength(1);
      expect(resumed.stdout).toContain('three done');
    });
  });
});
