import { InMemoryDocumentStore } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type A2ARequestGuard,
  A2ARequestGuardService,
  AgentDirectory,
  type AgentRepository,
  AgentRepositoryService,
  a2aAgentCardSchema,
  a2aTaskResultSchema,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { delay, postJson, readSse, requestJson, startTestHost, type TestHost } from './a2a-test-host.js';

const directory = new AgentDirectory();
let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: ['echo'],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
  directory.register({
    id: 'boom',
    name: 'Boom',
    description: 'Always fails',
    tags: [],
    kind: 'local',
    handler: async () => {
      throw new Error('the agent broke');
    },
  });
});

afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('A2A server without persistence', () => {
  it('serves the agent card with the skills and without v1.0 fields', async () => {
    host = await startTestHost({ settings: { Name: 'Tester', Description: 'A test agent' } });
    const card = await requestJson('GET', `${host.url}/.well-known/agent.json`);
    expect(card.status).toBe(200);
    expect(a2aAgentCardSchema.strict().parse(card.body)).toMatchObject({
      name: 'Tester',
      description: 'A test agent',
      version: '1.0.0',
      url: host.url,
    });
    expect(card.body.skills).toEqual([
      {
        id: 'echo',
        name: 'Echo',
        description: 'Repeats the input',
        tags: ['echo'],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
      },
      {
        id: 'boom',
        name: 'Boom',
        description: 'Always fails',
        tags: [],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
      },
    ]);
    for (const absent of ['capabilities', 'securitySchemes', 'agentInterfaces', 'signature']) {
      expect(card.body).not.toHaveProperty(absent);
    }
  });

  it('runs a task: 200 Completed with the output and the given id', async () => {
    host = await startTestHost();
    const answer = await postJson(`${host.url}/a2a/tasks/send`, {
      id: 't-1',
      skillId: 'echo',
      input: 'hi',
      metadata: { a: 1, b: null },
    });
    expect(answer.status).toBe(200);
    const result = a2aTaskResultSchema.strict().parse(answer.body);
    expect(result).toMatchObject({ taskId: 't-1', status: 'Completed', output: 'echo: hi' });
    expect(new Date(result.timestamp).toISOString()).toBe(result.timestamp);
  });

  it('generates a UUID id when none is given', async () => {
    host = await startTestHost();
    const answer = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'x' });
    expect(answer.body.taskId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers Failed for an unknown skill, naming it and the available skills', async () => {
    host = await startTestHost();
    const answer = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'nope', input: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('Failed');
    expect(answer.body.error).toContain("'nope'");
    expect(answer.body.error).toContain("'echo', 'boom'");
  });

  it('answers Failed for empty input and for a failing handler', async () => {
    host = await startTestHost();
    const empty = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: '   ' });
    expect(empty.body).toMatchObject({ status: 'Failed', error: expect.stringContaining('empty') });
    const broken = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'boom', input: 'x' });
    expect(broken.body).toMatchObject({ status: 'Failed', error: 'the agent broke' });
  });

  it('answers 400 naming the field for malformed JSON, wrong types, missing and unknown fields', async () => {
    host = await startTestHost();
    const send = `${host.url}/a2a/tasks/send`;
    const malformed = await postJson(send, '{"skillId": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('not valid JSON');
    const wrongType = await postJson(send, { skillId: 'echo', input: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toContain("'input'");
    expect(wrongType.body.fields).toEqual(['input']);
    const missing = await postJson(send, { input: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain("Field 'skillId' is required");
    const unknown = await postJson(send, { skillId: 'echo', input: 'x', priority: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain("'priority'");
    const badId = await postJson(send, { id: 'has space', skillId: 'echo', input: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.fields).toEqual(['id']);
    const notObject = await postJson(send, '[1,2]');
    expect(notObject.status).toBe(400);
    for (const answer of [malformed, wrongType, missing, unknown, badId, notObject]) {
      expect(JSON.stringify(answer.body)).not.toContain('    at ');
    }
  });

  it('answers 413 for a body over BodyLimitBytes', async () => {
    host = await startTestHost({ settings: { BodyLimitBytes: 1024 } });
    const answer = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'x'.repeat(2000) });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain('1024 bytes');
  });

  it('answers 409 for a duplicate id while that task runs, and accepts the id again afterwards', async () => {
    let release: () => void = () => {};
    directory.register({
      id: 'slow',
      name: 'Slow',
      description: 'Waits',
      tags: [],
      kind: 'local',
      handler: () =>
        new Promise<string>((resolve) => {
          release = () => resolve('done');
        }),
    });
    host = await startTestHost();
    const first = postJson(`${host.url}/a2a/tasks/send`, { id: 'dup', skillId: 'slow', input: 'x' });
    await waitFor(() => host?.server.runningTaskCount === 1);
    const second = await postJson(`${host.url}/a2a/tasks/send`, { id: 'dup', skillId: 'echo', input: 'x' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ taskId: 'dup', error: expect.stringContaining('already running') });
    release();
    expect((await first).body.status).toBe('Completed');
    const third = await postJson(`${host.url}/a2a/tasks/send`, { id: 'dup', skillId: 'echo', input: 'x' });
    expect(third.status).toBe(200);
  });

  it('answers 404 JSON for an unknown route', async () => {
    host = await startTestHost();
    const answer = await requestJson('GET', `${host.url}/nowhere`);
    expect(answer.status).toBe(404);
    expect(answer.contentType).toContain('application/json');
    expect(answer.body.error).toContain('/nowhere');
  });

  it('answers 501 for GET without persistence, saying how to enable it', async () => {
    host = await startTestHost();
    const answer = await requestJson('GET', `${host.url}/a2a/tasks/anything`);
    expect(answer.status).toBe(501);
    expect(answer.body).toMatchObject({ taskId: 'anything', persistence: 'disabled' });
    expect(answer.body.error).toContain('addSvcA2ATaskPersistence');
    // Task records live in a document store, not in the checkpoint state store.
    expect(answer.body.error).toContain('Register a DocumentStore');
    expect(answer.body.error).not.toContain('StateStore');
  });

  it('acknowledges DELETE without persistence', async () => {
    host = await startTestHost();
    const answer = await requestJson('DELETE', `${host.url}/a2a/tasks/abc`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ taskId: 'abc', acknowledged: true, note: expect.stringContaining('advisory') });
  });

  it('answers 500 JSON without a stack for an unexpected fault', async () => {
    const failing: AgentRepository = {
      getById: async () => undefined,
      getAvailableAgents: async () => {
        throw new Error('database on fire');
      },
    };
    host = await startTestHost({ after: (services) => services.addScoped(AgentRepositoryService, () => failing) });
    const answer = await requestJson('GET', `${host.url}/.well-known/agent.json`);
    expect(answer.status).toBe(500);
    expect(answer.body.error).toContain('Internal server error');
    expect(JSON.stringify(answer.body)).not.toContain('database on fire');
  });

  it('streams Working, the final result, then [DONE] on sendSubscribe', async () => {
    host = await startTestHost();
    const stream = await readSse(`${host.url}/a2a/tasks/sendSubscribe`, { id: 's-1', skillId: 'echo', input: 'yo' });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.messages).toHaveLength(3);
    const [working, final, done] = stream.messages;
    expect(working?.event).toBe('status');
    expect(a2aTaskResultSchema.parse(JSON.parse(working?.data ?? ''))).toMatchObject({
      taskId: 's-1',
      status: 'Working',
    });
    expect(final?.event).toBe('status');
    expect(JSON.parse(final?.data ?? '')).toMatchObject({ taskId: 's-1', status: 'Completed', output: 'echo: yo' });
    expect(done).toEqual({ event: undefined, data: '[DONE]' });
  });

  it('streams a Failed final update for an unknown skill, and 400 JSON for a bad body', async () => {
    host = await startTestHost();
    const stream = await readSse(`${host.url}/a2a/tasks/sendSubscribe`, { skillId: 'ghost', input: 'x' });
    expect(
      stream.messages.map((message) => (message.data === '[DONE]' ? 'DONE' : JSON.parse(message.data).status)),
    ).toEqual(['Working', 'Failed', 'DONE']);
    const bad = await postJson(`${host.url}/a2a/tasks/sendSubscribe`, { skillId: 'echo' });
    expect(bad.status).toBe(400);
  });

  it('answers Failed when a task exceeds RequestTimeoutSeconds', async () => {
    directory.register({
      id: 'never',
      name: 'Never',
      description: 'Never answers',
      tags: [],
      kind: 'local',
      handler: () => new Promise<string>(() => {}),
    });
    host = await startTestHost({ settings: { RequestTimeoutSeconds: 0.2 } });
    const answer = await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'never', input: 'x' });
    expect(answer.body).toMatchObject({ status: 'Failed', error: expect.stringContaining('RequestTimeoutSeconds') });
  });

  it('runs guards before tasks but never before the agent card', async () => {
    const seen: string[] = [];
    const guard: A2ARequestGuard = async (request, reply) => {
      seen.push(request.url);
      if (request.headers.authorization !== 'ApiKey good') {
        await reply.code(401).send({ error: 'Authentication required.' });
      }
    };
    host = await startTestHost({ before: (services) => services.addInstance(A2ARequestGuardService, guard) });
    expect((await requestJson('GET', `${host.url}/.well-known/agent.json`)).status).toBe(200);
    expect((await postJson(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'x' })).status).toBe(401);
    const admitted = await fetch(`${host.url}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'ApiKey good' },
      body: JSON.stringify({ skillId: 'echo', input: 'x' }),
    });
    expect(admitted.status).toBe(200);
    expect(seen).toEqual(['/a2a/tasks/send', '/a2a/tasks/send']);
  });

  it('drains running tasks on stop, and cancels those past the grace period', async () => {
    directory.register({
      id: 'short',
      name: 'Short',
      description: 'Brief work',
      tags: [],
      kind: 'local',
      handler: async () => {
        await delay(150);
        return 'finished';
      },
    });
    directory.register({
      id: 'never',
      name: 'Never',
      description: 'Never answers',
      tags: [],
      kind: 'local',
      handler: () => new Promise<string>(() => {}),
    });
    const local = await startTestHost();
    const short = postJson(`${local.url}/a2a/tasks/send`, { skillId: 'short', input: 'x' });
    await waitFor(() => local.server.runningTaskCount === 1);
    await local.server.stop(5);
    expect((await short).body).toMatchObject({ status: 'Completed', output: 'finished' });

    const again = await startTestHost();
    const stuck = postJson(`${again.url}/a2a/tasks/send`, { skillId: 'never', input: 'x' });
    await waitFor(() => again.server.runningTaskCount === 1);
    await again.server.stop(0.1);
    expect((await stuck).body).toMatchObject({ status: 'Cancelled' });
    expect(again.server.address).toBeUndefined();
    await local.provider.dispose();
    await again.provider.dispose();
  });
});

describe('A2A server with persistence (in memory)', () => {
  it('records Completed and answers GET 200 with the record, 404 for unknown ids', async () => {
    host = await startTestHost({ store: new InMemoryDocumentStore() });
    await postJson(`${host.url}/a2a/tasks/send`, { id: 'p-1', skillId: 'echo', input: 'hi' });
    const record = await requestJson('GET', `${host.url}/a2a/tasks/p-1`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ taskId: 'p-1', skillId: 'echo', status: 'Completed', output: 'echo: hi' });
    expect(Object.keys(record.body).sort()).toEqual([
      'createdAt',
      'output',
      'skillId',
      'status',
      'taskId',
      'updatedAt',
    ]);
    const unknown = await requestJson('GET', `${host.url}/a2a/tasks/p-2`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ taskId: 'p-2', error: expect.stringContaining("'p-2'") });
    expect((await requestJson('DELETE', `${host.url}/a2a/tasks/p-2`)).status).toBe(404);
    expect((await requestJson('GET', `${host.url}/a2a/tasks/bad%20id`)).status).toBe(400);
  });

  it('cancellation is advisory: the work keeps running and the record stays Cancelled', async () => {
    let finished = false;
    let release: () => void = () => {};
    directory.register({
      id: 'slow',
      name: 'Slow',
      description: 'Waits',
      tags: [],
      kind: 'local',
      handler: () =>
        new Promise<string>((resolve) => {
          release = () => {
            finished = true;
            resolve('late output');
          };
        }),
    });
    host = await startTestHost({ store: new InMemoryDocumentStore() });
    const send = postJson(`${host.url}/a2a/tasks/send`, { id: 'c-1', skillId: 'slow', input: 'x' });
    await waitFor(() => host?.server.runningTaskCount === 1);
    await waitFor(async () => (await requestJson('GET', `${host?.url}/a2a/tasks/c-1`)).body.status === 'Working');
    const cancel = await requestJson('DELETE', `${host.url}/a2a/tasks/c-1`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ taskId: 'c-1', status: 'Cancelled' });
    expect(host.server.runningTaskCount).toBe(1);
    expect(finished).toBe(false);
    release();
    const answer = await send;
    expect(finished).toBe(true);
    expect(answer.body).toMatchObject({ taskId: 'c-1', status: 'Cancelled' });
    const record = await requestJson('GET', `${host.url}/a2a/tasks/c-1`);
    expect(record.body.status).toBe('Cancelled');
    expect(record.body.output).toBeUndefined();
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMilliseconds = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMilliseconds;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz without the guards; /readyz says 503 when the store is gone or the server drains', async () => {
    directory.register({
      id: 'slow',
      name: 'Slow',
      description: 'Takes a while',
      tags: [],
      kind: 'local',
      handler: async () => {
        await delay(300);
        return 'done';
      },
    });
    const store = new InMemoryDocumentStore();
    const refuseAll: A2ARequestGuard = async (_request, reply) => {
      await reply.code(401).send({ error: 'Authentication required.' });
    };
    const local = await startTestHost({
      store,
      before: (services) => services.addInstance(A2ARequestGuardService, refuseAll),
    });
    host = local;
    expect(await probe(`${local.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe(`${local.url}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { tasks: 'accepting', store: 'ok' } },
    });
    // The guards still hold for the tasks.
    expect((await postJson(`${local.url}/a2a/tasks/send`, { skillId: 'echo', input: 'x' })).status).toBe(401);

    // Draining: not ready while a running task finishes, alive all along.
    host = undefined;
    const open = await startTestHost({ store });
    const slow = postJson(`${open.url}/a2a/tasks/send`, { skillId: 'slow', input: 'x' });
    await waitFor(() => open.server.runningTaskCount === 1);
    const stopping = open.server.stop(5);
    expect(await probe(`${open.url}/readyz`)).toEqual({
      status: 503,
      body: { status: 'not-ready', checks: { tasks: 'draining', store: 'ok' } },
    });
    expect((await requestJson('GET', `${open.url}/healthz`)).status).toBe(200);
    await stopping;
    expect((await slow).body).toMatchObject({ status: 'Completed' });
    await open.provider.dispose();

    // A store that no longer answers: not ready, naming the store.
    await store.close();
    expect(await probe(`${local.url}/readyz`)).toEqual({
      status: 503,
      body: { status: 'not-ready', checks: { tasks: 'accepting', store: 'unreachable' } },
    });
    await local.close();
  });
});

async function probe(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}
