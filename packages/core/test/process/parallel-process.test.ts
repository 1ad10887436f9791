import {
  captureLogger,
  type RecordedRequest,
  type ScriptedModelServer,
  type StaticScriptedTurn,
  startScriptedModelServer,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { TaskInput } from '../../src/crew/task-definition.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

const agents = [
  { id: 'alpha', role: 'Alpha', goal: 'Work' },
  { id: 'beta', role: 'Beta', goal: 'Work' },
];

/** Each request is answered by the task it is about (its description is `Task <id>.`), whatever the arrival order. */
function answerByTask(answers: Readonly<Record<string, StaticScriptedTurn>>, count: number) {
  const turn = (request: RecordedRequest): StaticScriptedTurn => {
    const id = /# Task\nTask (\w+)\./.exec(userText(request))?.[1] ?? '?';
    return answers[id] ?? { text: `out-${id}` };
  };
  server.enqueue(...Array.from({ length: count }, () => turn));
}

const task = (id: string, dependencies: string[] = []): TaskInput => ({
  id,
  description: `Task ${id}.`,
  expectedOutput: id,
  dependencies,
});

function requestFor(id: string): RecordedRequest {
  const found = server.requests.find((request) => userText(request).startsWith(`# Task\nTask ${id}.`));
  if (found === undefined) throw new Error(`no request for task ${id}`);
  return found;
}

describe('parallel process', () => {
  it('runs the tasks of a wave at the same time, and later waves see earlier outputs', async () => {
    answerByTask(
      {
        a: { text: 'out-a', delayMilliseconds: 400 },
        b: { text: 'out-b', delayMilliseconds: 400 },
        c: { text: 'out-c', delayMilliseconds: 400 },
      },
      4,
    );
    const crew = defineCrew({
      name: 'fanout',
      process: 'parallel',
      agents,
      tasks: [task('a'), task('b'), task('c'), task('d', ['a', 'b'])],
    });
    const log = eventLog();
    const started = performance.now();
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });
    const elapsed = performance.now() - started;

    expect(result).toMatchObject({ success: true, output: 'out-d' });
    const first = ['a', 'b', 'c'].map((id) => requestFor(id).receivedAt.getTime());
    // All three arrived before any of them could have been answered (400 ms each).
    expect(Math.max(...first) - Math.min(...first)).toBeLessThan(300);
    expect(elapsed).toBeLessThan(1_100);
    expect(requestFor('d').receivedAt.getTime() - Math.max(...first)).toBeGreaterThanOrEqual(350);
    expect(userText(requestFor('d'))).toContain(
      "## Task 'a' (Alpha)\nout-a\n\n## Task 'b' (Beta)\nout-b\n\n## Task 'c' (Alpha)\nout-c",
    );
    expect(userText(requestFor('a'))).not.toContain('Results of earlier tasks');
    // FirstFit round-robin in declared order: a→alpha, b→beta, c→alpha, d→beta.
    expect(result.tasks.map((outcome) => `${outcome.id}:${outcome.agent}`)).toEqual([
      'a:alpha',
      'b:beta',
      'c:alpha',
      'd:beta',
    ]);
    expect(log.events[0]).toMatchObject({ kind: 'run.started', process: 'parallel', tasks: ['a', 'b', 'c', 'd'] });
  });

  it('caps how many tasks run at once (maxConcurrency)', async () => {
    answerByTask(
      Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [id, { text: `out-${id}`, delayMilliseconds: 300 }])),
      4,
    );
    const crew = defineCrew({
      name: 'capped',
      process: 'parallel',
      maxConcurrency: 2,
      agents,
      tasks: [task('a'), task('b'), task('c'), task('d')],
    });
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(result.success).toBe(true);
    const times = server.requests.map((request) => request.receivedAt.getTime());
    const [t0 = 0, t1 = 0, t2 = 0, t3 = 0] = times;
    expect(Math.abs(t1 - t0)).toBeLessThan(200);
    // The third and fourth wait for a free place.
    expect(Math.min(t2, t3) - Math.max(t0, t1)).toBeGreaterThanOrEqual(250);

    // The option wins over the crew's setting.
    server.reset();
    answerByTask(
      Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [id, { text: `out-${id}`, delayMilliseconds: 300 }])),
      4,
    );
    await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      maxConcurrency: 4,
    });
    const all = server.requests.map((request) => request.receivedAt.getTime());
    expect(Math.max(...all) - Math.min(...all)).toBeLessThan(200);
  });

  it('a failure does not stop its siblings; its dependants in later waves are skipped, others run', async () => {
    answerByTask({ a: { error: { status: 400, message: 'a broke' } } }, 4);
    const crew = defineCrew({
      name: 'partial',
      process: 'parallel',
      agents,
      tasks: [task('a'), task('b'), task('after-a', ['a']), task('after-b', ['b']), task('last', ['after-a'])],
    });
    const log = eventLog();
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });

    expect(server.requests).toHaveLength(3);
    expect(result.success).toBe(false);
    expect(result.tasks.map(({ id, status }) => `${id}:${status}`)).toEqual([
      'a:Failed',
      'b:Completed',
      'after-a:Skipped',
      'after-b:Completed',
      'last:Skipped',
    ]);
    expect(result.error?.details).toEqual({ failed: ['a'], skipped: ['after-a', 'last'] });
    expect(result.error?.message).toContain("task 'last' skipped (dependency 'after-a' was skipped)");
    expect(log.events.at(-1)).toMatchObject({ kind: 'run.failed', failed: ['a'], skipped: ['after-a', 'last'] });
  });
});
