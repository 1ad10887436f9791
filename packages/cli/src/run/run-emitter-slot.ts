import type { RunEventBody } from '@orkeon/core';

type Emit = (event: RunEventBody) => void;

/**
 * Events from outside the runtime (the event hub) for the run's stream: the runtime numbers
 * them in the open run's `seq` (`RunOptions.onEmitter`); between runs they are held for the next.
 */
export class RunEmitterSlot {
  #emit: Emit | undefined;
  readonly #held: RunEventBody[] = [];
  readonly #waiting: (() => void)[] = [];

  /** The run's `onEmitter`: a run opened (`emit`) or ended (`undefined`). */
  readonly onEmitter = (emit: Emit | undefined): void => {
    this.#emit = emit;
    if (emit === undefined) return;
    for (const event of this.#held.splice(0)) emit(event);
    for (const resume of this.#waiting.splice(0)) resume();
  };

  emit(event: RunEventBody): void {
    if (this.#emit === undefined) this.#held.push(event);
    else this.#emit(event);
  }

  /** Resolves once a run is open: its crew's links are registered and its events may follow. */
  open(): Promise<void> {
    return this.#emit === undefined ? new Promise((resume) => this.#waiting.push(resume)) : Promise.resolve();
  }
}
