import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AClient, A2AClientError } from '../../src/client/index.js';
import { type FakeAgent, startFakeAgent } from './fake-agent.js';

let agent: FakeAgent;
let client: A2AClient;

beforeAll(async () => {
  agent = await startFakeAgent();
  client = new A2AClient(`${agent.url}/`, {
    security: { ClientBearerToken: 'tok-123456', ClientApiKey: 'key-654321' },
  });
});

afterAll(async () => {
  await client.close();
  await agent.close();
});

async function failure(promise: Promise<unknown>): Promise<A2AClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!A2AClientError.isInstance(error)) throw new Error(`expected an A2AClientError, got ${String(error)}`);
  return error;
}

describe('A2AClient', () => {
  it('sends a task with the configured credentials and reads the result', async () => {
    const result = await client.send({ id: 't-1', skillId: 'echo', input: 'hello' });
    expect(result).toEqual({
      taskId: 't-1',
      status: 'Completed',
      output: 'echo: hello',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    const seen = agent.seen.at(-1);
    expect(seen?.url).toBe('/a2a/tasks/send');
    expect(seen?.headers.authorization).toBe('Bearer tok-123456');
    expect(seen?.headers['x-api-key']).toBe('key-654321');
    expect(seen?.body).toEqual({ id: 't-1', skillId: 'echo', input: 'hello' });
  });

  it('yields the Working and final updates of sendSubscribe and stops at [DONE]', async () => {
    const updates = [];
    for await (const update of client.sendSubscribe({ id: 's-1', skillId: 'echo', input: 'stream me' }))
      updates.push(update);
    expect(updates.map((update) => update.status)).toEqual(['Working', 'Completed']);
    expect(updates[1]?.output).toBe('echo: stream me');
  });

  it('closes the stream when the caller leaves the loop early', async () => {
    for await (const update of client.sendSubscribe({ skillId: 'echo', input: 'x' })) {
      expect(update.status).toBe('Working');
      break;
    }
    // The client still works afterwards.
    expect((await client.send({ skillId: 'echo', input: 'after' })).status).toBe('Completed');
  });

  it('fails a stream that ends without [DONE]', async () => {
    const read = async () => {
      for await (const _update of client.sendSubscribe({ skillId: 'echo', input: 'no-done' })) {
        // drain
      }
    };
    expect((await failure(read())).code).toBe('A2A_CLIENT_RESPONSE_INVALID');
  });

  it('reads a task record and types 404 and 501 answers with the server error text', async () => {
    expect((await client.getTask('t-9')).status).toBe('Completed');
    const missing = await failure(client.getTask('unknown'));
    expect(missing).toMatchObject({
      code: 'A2A_CLIENT_STATUS_UNSUCCESSFUL',
      status: 404,
      serverError: "Task 'unknown' is not known.",
    });
    const off = await failure(client.getTask('no-persistence'));
    expect(off).toMatchObject({ status: 501, serverError: 'Task status is not available.' });
    expect(off.message).not.toContain('tok-123456');
  });

  it('cancels: a recorded task or an advisory acknowledgement', async () => {
    const recorded = await client.cancelTask('t-2');
    expect(recorded.kind === 'recorded' && recorded.record.status).toBe('Cancelled');
    expect(await client.cancelTask('ack')).toEqual({ kind: 'acknowledged', taskId: 'ack', note: 'advisory' });
    expect(agent.seen.at(-1)?.method).toBe('DELETE');
  });

  it('reads the agent card without sending credentials', async () => {
    const card = await client.getAgentCard();
    expect(card.skills[0]?.id).toBe('echo');
    expect(agent.seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(agent.seen.at(-1)?.headers['x-api-key']).toBeUndefined();
  });

  it('turns an empty answer into a Failed result and a wrong shape into a typed error', async () => {
    expect(await client.send({ id: 'e-1', skillId: 'echo', input: 'empty' })).toMatchObject({
      taskId: 'e-1',
      status: 'Failed',
      error: 'Empty response from remote agent',
    });
    expect((await failure(client.send({ skillId: 'echo', input: 'bad-shape' }))).code).toBe(
      'A2A_CLIENT_RESPONSE_INVALID',
    );
  });

  it('honours a per-call time limit and an abort signal', async () => {
    const slow = { skillId: 'echo', input: 'slow' };
    expect((await failure(client.send(slow, { timeoutMilliseconds: 100 }))).code).toBe('A2A_CLIENT_TIMEOUT');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(client.send(slow, { signal: controller.signal }))).code).toBe('A2A_CLIENT_ABORTED');
  });

  it('takes the client-wide time limit as timeoutMilliseconds, and the deprecated timeoutMs too', async () => {
    const slow = { skillId: 'echo', input: 'slow' };
    const limited = new A2AClient(client.baseUrl, { timeoutMilliseconds: 100 });
    const legacy = new A2AClient(client.baseUrl, { timeoutMs: 100 });
    try {
      expect((await failure(limited.send(slow))).code).toBe('A2A_CLIENT_TIMEOUT');
      expect((await failure(legacy.send(slow))).code).toBe('A2A_CLIENT_TIMEOUT');
      expect((await failure(client.send(slow, { timeoutMs: 100 }))).code).toBe('A2A_CLIENT_TIMEOUT');
    } finally {
      await Promise.all([limited.close(), legacy.close()]);
    }
  });

  it('refuses both spellings of the time limit with different values', async () => {
    const both = () => new A2AClient(client.baseUrl, { timeoutMilliseconds: 100, timeoutMs: 200 });
    expect(both).toThrow(expect.objectContaining({ code: 'A2A_CLIENT_CONFIGURATION_INVALID' }));
    expect(both).toThrow(/keep timeoutMilliseconds only/);
    const call = await failure(client.send({ skillId: 'echo', input: 'hi' }, { timeoutMilliseconds: 1, timeoutMs: 2 }));
    expect(call.code).toBe('A2A_CLIENT_CONFIGURATION_INVALID');
  });

  it('reports an unreachable agent and refuses a non-HTTP address', async () => {
    const nowhere = new A2AClient('http://127.0.0.1:9');
    expect((await failure(nowhere.getAgentCard())).code).toBe('A2A_CLIENT_NETWORK_FAILED');
    await nowhere.close();
    expect(() => new A2AClient('ftp://example.test')).toThrow(A2AClientError);
  });
});
