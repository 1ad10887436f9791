import { describe, expect, it } from 'vitest';
import { AgentChannel, AgentChannelTimeoutError } from '../../src/autonomous/agent-channel.js';

describe('in-process agent channel', () => {
  const ids = () => {
    let next = 0;
    return () => `req-${++next}`;
  };

  it('a request reaches the receiver’s handler and returns its answer', async () => {
    const channel = new AgentChannel({ newId: ids(), clock: () => new Date('2026-01-01T00:00:00Z') });
    channel.registerHandler('bob', (request) => ({
      ok: true,
      requestId: request.id,
      payload: `done: ${String(request.payload)}`,
    }));
    const request = channel.createRequest('alice', 'bob', 'delegate', 'write');
    expect(request).toEqual({
      id: 'req-1',
      from: 'alice',
      to: 'bob',
      intent: 'delegate',
      payload: 'write',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    expect(await channel.request(request)).toEqual({ ok: true, requestId: 'req-1', payload: 'done: write' });
  });

  it('no handler, or a handler that throws, gives a failed response, never a hang', async () => {
    const channel = new AgentChannel({ newId: ids() });
    expect(await channel.request(channel.createRequest('alice', 'nobody', 'delegate', null))).toEqual({
      ok: false,
      requestId: 'req-1',
      error: "no handler is registered for agent 'nobody'",
    });
    const registration = channel.registerHandler('bob', () => {
      throw new Error('bob is busy');
    });
    expect(await channel.request(channel.createRequest('alice', 'bob', 'ask', null))).toMatchObject({
      ok: false,
      error: 'bob is busy',
    });
    registration[Symbol.dispose]();
    expect(await channel.request(channel.createRequest('alice', 'bob', 'ask', null))).toMatchObject({ ok: false });
  });

  it('no answer in time rejects with AGENT_CHANNEL_TIMEOUT and aborts the handler’s signal', async () => {
    const channel = new AgentChannel();
    let aborted = false;
    channel.registerHandler('slow', (_request, { signal }) => {
      return new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve({ ok: false, requestId: 'late', error: 'aborted' });
        });
      });
    });
    const request = channel.createRequest('alice', 'slow', 'delegate', null);
    const error = await channel.request(request, { timeoutMilliseconds: 20 }).catch((caught: unknown) => caught);
    expect(AgentChannelTimeoutError.isInstance(error)).toBe(true);
    expect((error as AgentChannelTimeoutError).message).toBe(
      "agent 'slow' did not answer the delegate request of 'alice' within 20 ms.",
    );
    expect(aborted).toBe(true);
  });

  it('a broadcast reaches every other member of the crew', async () => {
    const channel = new AgentChannel();
    const heard: string[] = [];
    for (const id of ['alice', 'bob', 'carol']) {
      channel.registerCrewMember('team', id);
      channel.registerHandler(id, (request) => {
        heard.push(`${id}:${request.intent}:${String(request.payload)}`);
        return { ok: true, requestId: request.id };
      });
    }
    const answers = await channel.broadcast('alice', 'team', 'hello');
    expect(answers).toHaveLength(2);
    expect(heard.sort()).toEqual(['bob:broadcast:hello', 'carol:broadcast:hello']);
  });
});
