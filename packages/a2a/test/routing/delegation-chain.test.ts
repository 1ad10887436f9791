import { createLogger, Guardian, NetworkGuard } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import {
  A2ATaskRouter,
  type AgentRegistration,
  SharedAgentRegistrationStore,
  SharedStoreAgentRepository,
} from '../../src/index.js';
import { delegationChainKey, delegationChainOf, withDelegationChain } from '../../src/routing/delegation-chain.js';

const guardian = new Guardian({
  promptPolicy: 'Block',
  toolResultPolicy: 'Warn',
  trustedTools: [],
  urls: new NetworkGuard({}),
  logger: createLogger({ level: 'silent' }),
});

const remote = (id: string, url: string): AgentRegistration => ({
  id,
  name: id,
  description: id,
  tags: [],
  kind: 'remote',
  url,
});

/** Routers in one process, each with its own id, whose remote agents are each other. */
function routers(count: number) {
  const made: A2ATaskRouter[] = [];
  const seen: string[][] = [];
  for (let index = 0; index < count; index++) {
    const store = new SharedAgentRegistrationStore();
    store.save(remote('relay', `http://router-${(index + 1) % count}.example`));
    made.push(
      new A2ATaskRouter({
        repository: new SharedStoreAgentRepository(store),
        guardian,
        instanceId: `router-${index}`,
        remoteSender: (registration, request, signal) => {
          seen.push(delegationChainOf(request.metadata));
          const next = made[Number(/router-(\d+)/.exec(registration.url)?.[1])] as A2ATaskRouter;
          return next.routeTask(request, signal);
        },
      }),
    );
  }
  return { made, seen };
}

describe('the delegation chain between A2A routers', () => {
  it('refuses a task that comes back to a router it passed: a cycle, in the Guardian’s words', async () => {
    const { made, seen } = routers(2);
    const result = await made[0]?.routeTask(
      { id: 't-1', skillId: 'relay', input: 'hello', inputMode: 'text/plain' },
      new AbortController().signal,
    );
    expect(result).toMatchObject({ taskId: 't-1', status: 'Failed' });
    expect(result?.error).toBe(
      "Error: Blocked by Guardian (Delegation): delegation cycle: agent 'router-0' is already on this request (router-0 → router-1 → router-0).",
    );
    expect(seen).toEqual([['router-0'], ['router-0', 'router-1']]);
  });

  it('refuses a sixth hand-over between routers, even without a cycle', async () => {
    const { made } = routers(8);
    const result = await made[0]?.routeTask(
      { id: 't-2', skillId: 'relay', input: 'hello', inputMode: 'text/plain' },
      new AbortController().signal,
    );
    expect(result?.error).toContain('delegation depth: the request would be handed on 6 times; at most 5 are allowed.');
  });

  it('reads and writes the chain in the metadata, ignoring what is not a router id', () => {
    expect(delegationChainOf(withDelegationChain({ skillId: 'x' }, ['a', 'b']))).toEqual(['a', 'b']);
    expect(delegationChainOf({ [delegationChainKey]: 'a,<script>,b' })).toEqual(['a', 'b']);
    expect(delegationChainOf({ [delegationChainKey]: 7 })).toEqual([]);
    expect(delegationChainOf(undefined)).toEqual([]);
  });
});
