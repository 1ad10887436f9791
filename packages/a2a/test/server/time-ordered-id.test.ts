import { describe, expect, it } from 'vitest';
import { AgentDirectory, sharedAgentRegistrationStore, timeOrderedId } from '../../src/index.js';
import { startTestHost } from './a2a-test-host.js';

const version7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID of version 7 whose first 48 bits are the time, so later ids sort after earlier ones', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 27));
    expect(id).toMatch(version7);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 27));
    const ids = [1_000, 2_000, 3_000].map((time) => timeOrderedId(time));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedId(5)))).toHaveProperty('size', 1000);
  });

  it('names the tasks a server is sent without an id, in both dialects', async () => {
    sharedAgentRegistrationStore.clear();
    new AgentDirectory().register({
      id: 'echo',
      name: 'Echo',
      description: 'Repeats its input',
      tags: [],
      kind: 'local',
      handler: async (request) => request.input,
    });
    const host = await startTestHost();
    try {
      const seed = await fetch(`${host.url}/a2a/tasks/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skillId: 'echo', input: 'x' }),
      });
      expect(((await seed.json()) as { taskId: string }).taskId).toMatch(version7);
      const v1 = await fetch(`${host.url}/a2a/v1/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0' },
        body: JSON.stringify({ message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } }),
      });
      const answer = (await v1.json()) as { task?: { id: string; contextId: string } };
      expect(answer.task?.id).toMatch(version7);
      expect(answer.task?.contextId).toMatch(version7);
    } finally {
      await host.close();
    }
  });
});
