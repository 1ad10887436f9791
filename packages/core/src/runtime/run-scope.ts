import { AsyncLocalStorage } from 'node:async_hooks';
import type { RunEvent } from './run-events.js';

/**
 * The run that is doing the work in this asynchronous context. The invocation
 * pipeline is shared by every run of a runtime; its tool events reach the run that
 * made the call through this, also when several runs are in flight at once.
 */
export interface RunScope {
  emit(event: RunEvent): void;
}

const currentRun = new AsyncLocalStorage<RunScope>();

export function withRunScope<T>(scope: RunScope, work: () => Promise<T>): Promise<T> {
  return currentRun.run(scope, work);
}

export function activeRunScope(): RunScope | undefined {
  return currentRun.getStore();
}
