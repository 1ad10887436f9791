import type { RunEvent, RunEventBody } from './run-events.js';
import { runEventVersion } from './run-events.js';

/**
 * One run's event bus: stamps each event with the envelope (`v`, `seq` from 1 without
 * gaps, `ts`, the run's `crewId` unless the event names one), drops keys whose value
 * is undefined, and hands it to `deliver`. `emit` returns the `seq`, for `causationId`.
 */
export class RunEventBus {
  readonly #deliver: (event: RunEvent) => void;
  readonly #clock: () => Date;
  readonly #crewId: string | undefined;
  #seq = 0;

  constructor(deliver: (event: RunEvent) => void, options: { clock?: () => Date; crewId?: string } = {}) {
    this.#deliver = deliver;
    this.#clock = options.clock ?? (() => new Date());
    this.#crewId = options.crewId;
  }

  emit(body: RunEventBody): number {
    this.#seq++;
    const stamped: Record<string, unknown> = {
      v: runEventVersion,
      seq: this.#seq,
      ts: this.#clock().toISOString(),
      ...(this.#crewId === undefined ? {} : { crewId: this.#crewId }),
    };
    for (const [key, value] of Object.entries(body)) if (value !== undefined) stamped[key] = value;
    this.#deliver(stamped as RunEvent);
    return this.#seq;
  }
}
