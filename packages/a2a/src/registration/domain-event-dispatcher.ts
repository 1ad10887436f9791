import { serviceToken } from '@orkeon/core';

/** A fact that happened, e.g. `{ type: 'a2a.task.completed', taskId }`. */
export interface DomainEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

export type DomainEventHandler = (event: DomainEvent) => void | Promise<void>;

/**
 * Publishes domain events to in-process subscribers.
 *
 * @experimental SVCEXP001
 */
export interface DomainEventDispatcher {
  /** Subscribes to one event type (or `*` for all); returns the unsubscribe function. */
  subscribe(type: string, handler: DomainEventHandler): () => void;
  /** Runs the matching handlers in subscription order; a failing handler does not stop the others. */
  dispatch(event: DomainEvent): Promise<void>;
}

/** @experimental SVCEXP001 */
export const DomainEventDispatcherService = serviceToken<DomainEventDispatcher>('DomainEventDispatcher');

/** The small in-process dispatcher `addSvcA2A` supplies when the host has none. */
export class InProcessDomainEventDispatcher implements DomainEventDispatcher {
  readonly #handlers: { readonly type: string; readonly handler: DomainEventHandler }[] = [];
  readonly #onHandlerError: (error: unknown, event: DomainEvent) => void;

  constructor(onHandlerError: (error: unknown, event: DomainEvent) => void = () => {}) {
    this.#onHandlerError = onHandlerError;
  }

  subscribe(type: string, handler: DomainEventHandler): () => void {
    const entry = { type, handler };
    this.#handlers.push(entry);
    return () => {
      const index = this.#handlers.indexOf(entry);
      if (index >= 0) this.#handlers.splice(index, 1);
    };
  }

  async dispatch(event: DomainEvent): Promise<void> {
    for (const { type, handler } of [...this.#handlers]) {
      if (type !== '*' && type !== event.type) continue;
      try {
        await handler(event);
      } catch (error) {
        this.#onHandlerError(error, event);
      }
    }
  }
}
