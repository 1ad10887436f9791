import type { Logger } from '../logging/logger.js';
import type { CrewEvent, CrewEventListener } from './crew-events.js';

/**
 * Hands a run's events to its listener one at a time, in order, never two at once
 * (also in the parallel process); a listener's failure is logged and the run goes on.
 */
export class CrewEventDelivery {
  readonly #listener: CrewEventListener | undefined;
  readonly #logger: Logger;
  #delivery: Promise<void> = Promise.resolve();

  constructor(listener: CrewEventListener | undefined, logger: Logger) {
    this.#listener = listener;
    this.#logger = logger;
  }

  /** Resolves once `event` and every earlier one were delivered. */
  deliver(event: CrewEvent): Promise<void> {
    const listener = this.#listener;
    if (listener === undefined) return Promise.resolve();
    this.#delivery = this.#delivery.then(async () => {
      try {
        await listener(event);
      } catch (error) {
        this.#logger.warn({ err: error, event: event.kind }, 'a crew event listener failed; the run goes on');
      }
    });
    return this.#delivery;
  }
}
