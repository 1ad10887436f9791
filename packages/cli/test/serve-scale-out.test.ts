import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { servingUrl } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// Two real `orkeon serve` processes on one PostgreSQL schema (Svc:Checkpointing:Postgres): a task sent
// to one is followed to its end and cancelled through the other, and the probes answer on both.

const scripted = useScriptedRun({
  files: {
    'crew.yaml': `name: desk
agents:
  clerk: { role: Clerk, goal: Answers questions }
tasks:
  answer: { description: Answer the question., expected_output: A reply, agent: clerk }
`,
    'porters/crew.yaml': `name: porters
agents:
  porter: { role: Porter, goal: Carries bags }
tasks:
  carry: { description: Carry the bags., expected_output: Done, agent: porter }
`,
  },
});

let database: PostgresServer;
beforeAll(async () => {
  database = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await database?.stop();
});

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

async function serve(schema: string, crew = '.', settings: readonly string[] = []): Promise<string> {
  const args = ['serve', crew, '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0'];
  for (const setting of settings) args.push('--set', setting);
  const child = scripted.start(args, {
    environment: {
      SVC_Svc__Checkpointing__Postgres__ConnectionString: database.connectionString,
      SVC_Svc__Checkpointing__Postgres__SchemaName: schema,
    },
  });
  running.push(child);
  return servingUrl(child);
}

const v1 = { 'content-type': 'application/json', 'a2a-version': '1.0' };

async function send(url: string, text: string): Promise<string> {
  const response = await fetch(`${url}/a2a/v1/message:send`, {
    method: 'POST',
    headers: v1,
    body: JSON.stringify({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] },
      configuration: { returnImmediately: true },
    }),
  });
  return ((await response.json()) as { task: { id: string } }).task.id;
}

describe('orkeon serve instances on one PostgreSQL', () => {
  it('a task sent to A is followed to its end on B, another is cancelled on B; both are ready', async () => {
    const schema = `serve_${process.pid}`;
    const [a, b] = [await serve(schema), await serve(schema)];
    for (const url of [a, b])
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
        status: 'ready',
        checks: { tasks: 'accepting', store: 'ok' },
      });

    scripted.server.enqueue({ text: 'Forty-two.', delayMilliseconds: 1500 });
    const first = await send(a, 'What is the answer?');
    const stream = await fetch(`${b}/a2a/v1/tasks/${first}:subscribe`, { headers: v1 });
    const frames = (await stream.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)) as Record<string, { status?: { state: string } }>);
    expect(frames.map((frame) => Object.keys(frame)[0])).toEqual(['task', 'artifactUpdate', 'statusUpdate']);
    expect(frames.at(-1)?.statusUpdate?.status?.state).toBe('TASK_STATE_COMPLETED');
    expect(JSON.stringify(frames[1])).toContain('Forty-two.');

    scripted.server.enqueue({ text: 'Too late.', delayMilliseconds: 10_000 });
    const second = await send(a, 'Take your time.');
    await expect.poll(() => scripted.server.requests.length, { timeout: 10_000 }).toBe(2);
    expect(scripted.server.pendingAnswers).toBe(1);
    const cancelled = await fetch(`${b}/a2a/v1/tasks/${second}:cancel`, { method: 'POST', headers: v1, body: '{}' });
    expect(((await cancelled.json()) as { status: { state: string } }).status.state).toBe('TASK_STATE_CANCELED');
    // A stops the model call in flight (the client leaves it), long before the scripted answer would have come.
    await expect.poll(() => scripted.server.pendingAnswers, { timeout: 3000 }).toBe(0);
    const read = await fetch(`${a}/a2a/v1/tasks/${second}`, { headers: v1 });
    expect(((await read.json()) as { status: { state: string } }).status.state).toBe('TASK_STATE_CANCELED');
  }, 90_000);

  it('with A2A:Directory:Shared, an instance sends a task for a skill only another serves to it; its card lists both', async () => {
    const schema = `directory_${process.pid}`;
    const desk = await serve(schema, '.', ['A2A:Directory:Shared=true']);
    const porters = await serve(schema, 'porters', ['A2A:Directory:Shared=true']);
    const card = (await (await fetch(`${porters}/.well-known/agent.json`)).json()) as { skills: { id: string }[] };
    expect(card.skills.map((skill) => skill.id).sort()).toEqual(['clerk', 'porter']);

    scripted.server.enqueue({ text: 'The desk answers.' });
    const sent = await fetch(`${porters}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'routed-1', skillId: 'clerk', input: 'Where is room 12?' }),
    });
    expect(await sent.json()).toMatchObject({ status: 'Completed', output: 'The desk answers.' });
    // The desk ran it, as an A2A v1.0 task of its own, with its clerk's prompt.
    const listed = await fetch(`${desk}/a2a/v1/tasks`, { headers: { 'a2a-version': '1.0' } });
    const { tasks } = (await listed.json()) as { tasks: { status: { state: string } }[] };
    expect(tasks.map((task) => task.status.state)).toEqual(['TASK_STATE_COMPLETED']);
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain('Clerk');
  }, 90_000);
});
