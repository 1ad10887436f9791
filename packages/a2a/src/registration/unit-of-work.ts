import { serviceToken } from '@orkeon/core';

export type UnitOfWorkAction = () => void | Promise<void>;

/**
 * Collects the writes of one scope (one A2A request) and applies them together.
 *
 * @experimental SVCEXP001
 */
export interface UnitOfWork {
  /** Queues a write; nothing runs before `commit`. */
  enlist(action: UnitOfWorkAction): void;
  /** Runs the queued writes in order and empties the queue; returns how many ran. */
  commit(): Promise<number>;
  /** Drops the queued writes. */
  rollback(): void;
}

/** @experimental SVCEXP001 */
export const UnitOfWorkService = serviceToken<UnitOfWork>('UnitOfWork');

/** The small per-scope unit of work `addSvcA2A` supplies when the host has none. */
export class ScopedUnitOfWork implements UnitOfWork {
  #pending: UnitOfWorkAction[] = [];

  enlist(action: UnitOfWorkAction): void {
    this.#pending.push(action);
  }

  async commit(): Promise<number> {
    const actions = this.#pending;
    this.#pending = [];
    for (const action of actions) await action();
    return actions.length;
  }

  rollback(): void {
    this.#pending = [];
  }
}
