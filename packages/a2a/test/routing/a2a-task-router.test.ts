import { describe, expect, it } from 'vitest';
import {
  A2ATaskRouter,
  type AgentRegistration,
  SharedAgentRegistrationStore,
  SharedStoreAgentRepository,
} from '../../src/index.js';

function routerWith(
  agents: AgentRegistration[],
  remoteSender?: ConstructorParameters<typeof A2ATaskRouter>[0]['remoteSender'],
) {
  const store = new SharedAgentRegistrationStore();
  for (const agent of agents) store.save(agent);
  return new A2ATaskRouter({ repository: new SharedStoreAgentRepository(store), remoteSender });
}

const request = (skillId: string, input = 'hello') => ({ id: 'r-1', skillId, input, inputMode: 'text/plain' });
const local = (id: string, handler: (input: string) => Promise<string>): AgentRegistration => ({
  id,
  name: id,
  description: id,
  tags: [],
  kind: 'local',
  handler: (submitted) => handler(submitted.input),
});

describe('A2ATaskRouter', () => {
  it('matches the skill id exactly and case-sensitively', async () => {
    const router = routerWith([local('Writer', async (input) => input.toUpperCase())]);
    expect(await router.routeTask(request('Writer'), new AbortController().signal)).toMatchObject({
      status: 'Completed',
      output: 'HELLO',
      taskId: 'r-1',
    });
    const miss = await router.routeTask(request('writer'), new AbortController().signal);
    expect(miss).toMatchObject({ status: 'Failed' });
    expect(miss.error).toContain("'writer'");
    expect(miss.error).toContain("'Writer'");
  });

  it('sends remote agents through the injected remote sender', async () => {
    const calls: string[] = [];
    const router = routerWith(
      [{ id: 'far', name: 'Far', description: 'Remote', tags: [], kind: 'remote', url: 'http://far.example:5002' }],
      async (registration, submitted) => {
        calls.push(`${registration.url} ${submitted.input}`);
        return { taskId: 'remote-id', status: 'Completed', output: 'from far', timestamp: new Date().toISOString() };
      },
    );
    const result = await router.routeTask(request('far'), new AbortController().signal);
    expect(result).toMatchObject({ taskId: 'r-1', status: 'Completed', output: 'from far' });
    expect(calls).toEqual(['http://far.example:5002 hello']);
  });

  it('answers Failed for a remote agent without a remote sender, and for a rejecting sender', async () => {
    const far: AgentRegistration = {
      id: 'far',
      name: 'Far',
      description: 'Remote',
      tags: [],
      kind: 'remote',
      url: 'http://far.example',
    };
    expect((await routerWith([far]).routeTask(request('far'), new AbortController().signal)).error).toContain(
      'A2ARemoteSenderService',
    );
    const rejecting = routerWith([far], async () => {
      throw new Error('connection refused');
    });
    expect(await rejecting.routeTask(request('far'), new AbortController().signal)).toMatchObject({
      status: 'Failed',
      error: 'connection refused',
    });
  });

  it('answers Cancelled when the signal aborts first, without waiting for the handler', async () => {
    const router = routerWith([local('slow', () => new Promise<string>(() => {}))]);
    const controller = new AbortController();
    const pending = router.routeTask(request('slow'), controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ status: 'Cancelled' });
  });

  it('stops waiting for a running handler when the signal aborts later, Failed when it timed out', async () => {
    let started = 0;
    const router = routerWith([
      local('stuck', () => {
        started++;
        return new Promise<string>(() => {});
      }),
    ]);
    const cancelled = new AbortController();
    const first = router.routeTask(request('stuck'), cancelled.signal);
    setTimeout(() => cancelled.abort(), 20);
    expect(await first).toMatchObject({ status: 'Cancelled' });

    const timedOut = new AbortController();
    const second = router.routeTask(request('stuck'), timedOut.signal);
    setTimeout(() => timedOut.abort(Object.assign(new Error('ran too long'), { name: 'TimeoutError' })), 20);
    expect(await second).toMatchObject({ status: 'Failed', error: 'The task timed out: ran too long' });
    expect(started).toBe(2);
  });

  it('refuses invalid registrations', () => {
    const store = new SharedAgentRegistrationStore();
    expect(() =>
      store.save({ id: '', name: '', description: '', tags: [], kind: 'local', handler: async () => '' }),
    ).toThrow(/non-empty/);
    expect(() =>
      store.save({ id: 'r', name: '', description: '', tags: [], kind: 'remote', url: 'not a url' }),
    ).toThrow(/absolute url/);
    expect(store.tryAdd(local('a', async () => ''))).toBe(true);
    expect(store.tryAdd(local('a', async () => ''))).toBe(false);
  });
});
