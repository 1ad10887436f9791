import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Configuration, createLogger, LoggerService, ServiceCollection } from '@orkeon/core';
import { SqliteDocumentStore } from '@orkeon/store-sqlite';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2AServerOptionError,
  AgentDirectory,
  a2aSettings,
  addSvcA2A,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { postJson, readSse, requestJson, startTestHost, type TestHost } from './a2a-test-host.js';

const first = Date.UTC(2030, 0, 2, 3, 4, 5, 6);
const later = Date.UTC(2030, 0, 2, 3, 9, 0, 42);
let clock = first;
let issued = 0;
let host: TestHost | undefined;
let folder: TemporaryDirectory | undefined;
let store: SqliteDocumentStore | undefined;

beforeEach(() => {
  clock = first;
  issued = 0;
  sharedAgentRegistrationStore.clear();
  new AgentDirectory().register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
});

afterEach(async () => {
  await host?.close();
  await store?.close();
  await folder?.remove();
  host = undefined;
  store = undefined;
  folder = undefined;
});

/** What the server logged, one JSON record per line. */
let logged: Record<string, unknown>[] = [];

/** A real server over a SQLite file, every clock reading `clock` and task ids counted up. */
async function startStampedHost(newId: () => string = () => `fixed-${++issued}`): Promise<TestHost> {
  folder = await createTemporaryDirectory('orkeon-a2a-stamps-');
  store = new SqliteDocumentStore({ path: join(folder.path, 'state.db'), now: () => new Date(clock) });
  logged = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  host = await startTestHost({
    store,
    a2a: { now: () => clock, newId },
    before: (services) => services.addInstance(LoggerService, createLogger({ destination, format: 'json' })),
  });
  return host;
}

describe('the clock and id generator of A2A records', () => {
  it('show up in the results, updates and records a real server writes', async () => {
    const { url } = await startStampedHost();
    const stamp = new Date(first).toISOString();

    const sent = await postJson(`${url}/a2a/tasks/send`, { skillId: 'echo', input: 'one' });
    expect(sent.body).toEqual({ taskId: 'fixed-1', status: 'Completed', output: 'echo: one', timestamp: stamp });
    const kept = await postJson(`${url}/a2a/tasks/send`, { id: 'given-id', skillId: 'echo', input: 'two' });
    expect(kept.body.taskId).toBe('given-id');
    const streamed = await readSse(`${url}/a2a/tasks/sendSubscribe`, { skillId: 'echo', input: 'three' });
    const updates = streamed.messages.filter((message) => message.data !== '[DONE]').map((m) => JSON.parse(m.data));
    expect(updates).toEqual([
      { taskId: 'fixed-2', status: 'Working', timestamp: stamp },
      { taskId: 'fixed-2', status: 'Completed', output: 'echo: three', timestamp: stamp },
    ]);
    expect(issued).toBe(2);
    // A sender that gave the id may ask while the task runs: Working is written first, then Completed.
    expect(await store?.get('a2a-tasks', 'given-id')).toMatchObject({ version: 2, value: { status: 'Completed' } });
    expect(await store?.get('a2a-tasks', 'fixed-2')).toMatchObject({ version: 2, value: { status: 'Completed' } });

    const record = await requestJson('GET', `${url}/a2a/tasks/fixed-1`);
    expect(record.body).toEqual({
      taskId: 'fixed-1',
      skillId: 'echo',
      status: 'Completed',
      output: 'echo: one',
      createdAt: stamp,
      updatedAt: stamp,
    });

    clock = later;
    const cancelled = await requestJson('DELETE', `${url}/a2a/tasks/fixed-1`);
    expect(cancelled.body).toMatchObject({
      status: 'Cancelled',
      createdAt: stamp,
      updatedAt: new Date(later).toISOString(),
    });
    // What reached the store, with the store's own clock in its bookkeeping. A blocking send without
    // an id is written once, when it ends (no one else knew its id before), then the DELETE: version 2.
    expect(await store?.get('a2a-tasks', 'fixed-1')).toMatchObject({
      version: 2,
      createdAt: stamp,
      updatedAt: new Date(later).toISOString(),
      value: { format: 1, taskId: 'fixed-1', createdAt: stamp, updatedAt: new Date(later).toISOString() },
    });
  });

  it('a generator that gives an unusable task id fails the request, and nothing is recorded', async () => {
    const { url } = await startStampedHost(() => 'has spaces/and a slash');
    const sent = await postJson(`${url}/a2a/tasks/send`, { skillId: 'echo', input: 'one' });
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ error: 'Internal server error. The cause is in the server log.' });
    expect(logged.map((record) => record.err)).toContainEqual(
      expect.objectContaining({
        code: 'A2A_SERVER_OPTION_INVALID',
        message: expect.stringMatching(/'newId' gave 'has spaces\/and a slash'.*1 to 200 characters/),
      }),
    );
    expect(await store?.list('a2a-tasks')).toEqual([]);
    // A task that brings its own id does not need the generator.
    expect((await postJson(`${url}/a2a/tasks/send`, { id: 'own', skillId: 'echo', input: 'x' })).status).toBe(200);
  });

  it('a clock that gives no time fails the request instead of writing an unreadable record', async () => {
    const { url } = await startStampedHost();
    clock = Number.NaN;
    const sent = await postJson(`${url}/a2a/tasks/send`, { skillId: 'echo', input: 'one' });
    expect(sent.status).toBe(500);
    expect(logged.map((record) => record.err)).toContainEqual(
      expect.objectContaining({
        code: 'A2A_SERVER_OPTION_INVALID',
        message: expect.stringContaining("'now' gave NaN"),
      }),
    );
    const streamed = await readSse(`${url}/a2a/tasks/sendSubscribe`, { skillId: 'echo', input: 'two' });
    expect(streamed.messages.map((message) => message.data)).toEqual([
      expect.stringContaining('"status":"Failed"'),
      '[DONE]',
    ]);
    expect(await store?.list('a2a-tasks')).toEqual([]);
  });

  it('addSvcA2A refuses a clock or id generator that is not a function, naming the option', () => {
    const configuration = Configuration.fromObject({ A2A: { EnableServer: true } }, [a2aSettings]);
    for (const [option, value] of [
      ['now', 1_700_000_000_000],
      ['newId', 'task-1'],
    ] as const) {
      const adding = () =>
        addSvcA2A(new ServiceCollection(), configuration, { acknowledgeExperimental: true, [option]: value as never });
      expect(adding).toThrow(A2AServerOptionError);
      expect(adding).toThrow(
        expect.objectContaining({ code: 'A2A_SERVER_OPTION_INVALID', message: expect.stringContaining(`'${option}'`) }),
      );
    }
  });
});
