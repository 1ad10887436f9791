import type { HumanInputAnswer, HumanInputChannel, HumanInputRequest } from '@orkeon/core';
import type { StudioAsk } from './studio-ask.js';

export type { StudioAsk };

interface Pending {
  readonly ask: StudioAsk;
  readonly settle: (answer: HumanInputAnswer) => void;
}

/**
 * The page as a human-input channel: `human_input` questions and the permission gate's asks
 * wait here until someone answers them at the page (or the run stops). Asks are kept by id,
 * the `correlationId` of the run's `input.needed` event, so the page answers what it saw.
 */
export class StudioAsks implements HumanInputChannel {
  readonly #pending = new Map<string, Pending>();
  readonly #listeners = new Set<() => void>();
  readonly #clock: () => Date;

  constructor(options: { clock?: () => Date } = {}) {
    this.#clock = options.clock ?? (() => new Date());
  }

  ask(request: HumanInputRequest, signal?: AbortSignal): Promise<HumanInputAnswer> {
    if (signal?.aborted === true) return Promise.resolve({ answered: false, reason: 'the run stopped' });
    return new Promise((resolve) => {
      const onAbort = () => settle({ answered: false, reason: 'the run stopped' });
      const settle = (answer: HumanInputAnswer) => {
        if (!this.#pending.delete(request.id)) return;
        signal?.removeEventListener('abort', onAbort);
        this.#changed();
        resolve(answer);
      };
      this.#pending.set(request.id, {
        ask: {
          id: request.id,
          kind: request.kind,
          prompt: request.prompt,
          ...(request.choices === undefined ? {} : { choices: request.choices }),
          source: request.source,
          ...(request.caller.agent === undefined ? {} : { agent: request.caller.agent }),
          ...(request.toolName === undefined ? {} : { toolName: request.toolName }),
          askedAt: this.#clock().toISOString(),
        },
        settle,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#changed();
    });
  }

  /** The questions waiting, oldest first. */
  get pending(): readonly StudioAsk[] {
    return [...this.#pending.values()].map((entry) => entry.ask);
  }

  /** Answers the ask `id`; false when no such ask waits (answered already, or its run stopped). */
  answer(id: string, value: string): boolean {
    const entry = this.#pending.get(id);
    if (entry === undefined) return false;
    entry.settle({ answered: true, value });
    return true;
  }

  /** Called whenever an ask arrives or leaves. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
