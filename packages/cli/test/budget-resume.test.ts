import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStateStore } from '@orkeon/store-sqlite';
import { describe, expect, it } from 'vitest';
import { budgetStopCrewYaml, budgetStopOutputs } from './fixtures/budget-stop-contents.js';
import { useScriptedRun } from './scripted-run.js';

/** The state file release 0.1 wrote at a budget stop (by `fixtures/make-budget-stop-fixture.ts`). */
const release01 = fileURLToPath(new URL('./fixtures/budget-stop-0.1/', import.meta.url));

const scripted = useScriptedRun();

const crewYaml = (tokens: number) => `name: budgeted
goal: Four steps
budget: { tokens: ${tokens} }
agents:
  w: { role: Writer, goal: Write }
tasks:
  one: { description: First, expected_output: text, agent: w }
  two: { description: Second, expected_output: text, agent: w, dependencies: [one] }
  three: { description: Third, expected_output: text, agent: w, dependencies: [two] }
  four: { description: Fourth, expected_output: text, agent: w, dependencies: [three] }
`;

const tokens = (count: number) => ({ inputTokens: count, outputTokens: 0 });

function eventsOf(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('orkeon run --resume with a crew budget', () => {
  it('counts the budget over the whole run: the same budget stops at once, a raised one goes on from the earlier use', async () => {
    const run = async (budget: number, resume: boolean) => {
      const crew = await scripted.write('crew.yaml', crewYaml(budget));
      const result = await scripted.run(['run', crew, '--events', 'jsonl', ...(resume ? ['--resume'] : [])]);
      return { ...result, events: eventsOf(result.stdout) };
    };

    scripted.server.enqueue({ text: 'ONE', usage: tokens(60) }, { text: 'TWO', usage: tokens(60) });
    const first = await run(100, false);
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('ERROR: CREW_BUDGET_EXHAUSTED: Crew budget exhausted: tokens (used 120 of 100)');

    const again = await run(100, true);
    expect(again.code).toBe(2);
    expect(scripted.server.requests).toHaveLength(2);
    expect(again.stderr).toContain(
      'Crew budget exhausted: tokens (used 120 of 100, 120 of them before this resume). Finished task outputs are kept; raise budget.tokens and run again with --resume to continue.',
    );
    expect(again.events.map((event) => event.kind)).not.toContain('task.started');
    expect(again.events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({ limit: 100, used: 120 });
    expect(again.events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, tokens: 120 });

    scripted.server.enqueue({ text: 'THREE', usage: tokens(40) }, { text: 'FOUR', usage: tokens(5) });
    const raised = await run(150, true);
    expect(raised.code).toBe(2);
    expect(scripted.server.requests).toHaveLength(3);
    expect(raised.stderr).toContain('Crew budget exhausted: tokens (used 160 of 150, 120 of them before this resume)');
    expect(raised.events.find((event) => event.kind === 'cost.updated')).toMatchObject({ tokens: 160 });
    expect(raised.events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, tokens: 160 });

    const last = await run(1000, true);
    expect(last.code).toBe(0);
    expect(scripted.server.requests).toHaveLength(4);
    expect(last.events.find((event) => event.kind === 'cost.updated')).toMatchObject({ tokens: 165 });
    expect(last.events.at(-1)).toMatchObject({ kind: 'run.finished', success: true, exitCode: 0, tokens: 165 });
    expect(last.events.at(-1)?.output).toBe('FOUR');
  });

  it('a state file release 0.1 wrote at a budget stop (no usage) resumes, counting from zero, with a debug line', async () => {
    await cp(release01, scripted.folder.path, { recursive: true });
    const statePath = join(scripted.folder.path, 'state.db');
    const crew = join(scripted.folder.path, 'crew.yaml');
    // The budget the fixture run spent (120 of 100 tokens): had the file kept usage, this resume would stop at once.
    expect(await readFile(crew, 'utf8')).toBe(budgetStopCrewYaml(100));
    scripted.server.enqueue({ text: 'THREE after the upgrade', usage: tokens(30) });
    const resumed = await scripted.run(['run', crew, '--state', statePath, '--resume', '-vv']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      'the checkpoint keeps no usage (written by release 0.1); the crew budget counts from zero',
    );
    expect(scripted.server.requests).toHaveLength(1);
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain(budgetStopOutputs.two);
    expect(resumed.stdout).toContain('THREE after the upgrade');

    await using store = new SqliteStateStore({ path: statePath });
    const [session] = await store.list();
    expect(session).toMatchObject({ crewId: 'budget-stop', phase: 'Completed' });
    const saved = await store.get(session?.sessionId ?? '');
    expect(saved?.usage?.tokens).toBe(30);
  });
});
