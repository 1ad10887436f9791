import { randomUUID } from 'node:crypto';

/**
 * A task's path through Orkeon A2A routers, carried in its metadata: the id of each router
 * that handed it on, comma-separated. A router that finds its own id there would route the
 * task in a circle; one that finds more than five ids, too deep (the Guardian's delegation
 * phase judges both).
 */
export const delegationChainKey = 'orkeon.delegationChain';

/** This process's router id: a task that comes back to it has gone in a circle. */
export const routerInstanceId = randomUUID();

const idPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The router ids a task has passed through, oldest first; an unreadable entry is left out. */
export function delegationChainOf(metadata: Readonly<Record<string, unknown>> | undefined): string[] {
  const value = metadata?.[delegationChainKey];
  if (typeof value !== 'string' || value === '') return [];
  return value.split(',').filter((id) => idPattern.test(id));
}

/** The metadata with the chain written in it. */
export function withDelegationChain<Value>(
  metadata: Readonly<Record<string, Value>> | undefined,
  chain: readonly string[],
): Record<string, Value | string> {
  return { ...metadata, [delegationChainKey]: chain.join(',') };
}
