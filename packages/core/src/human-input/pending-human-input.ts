import type { HumanInputAnswer, HumanInputChannel, HumanInputRequest } from './human-input-channel.js';

/**
 * A channel whose asks wait until someone calls `answer` with their id (or without
 * one: the oldest waiting ask). Behind `orkeon run --events jsonl`, where the asks go
 * out as `input.needed` events and `input.given` lines come back; a library host can
 * put it behind its own transport. After `close`, waiting and new asks are refused.
 */
export class PendingHumanInput implements HumanInputChannel {
  readonly #waiting = new Map<string, (answer: HumanInputAnswer) => void>();
  #closed: string | undefined;

  /** Ids of the asks waiting for an answer, oldest first. */
  get pending(): readonly string[] {
    return [...this.#waiting.keys()];
  }

  ask(request: HumanInputRequest, signal?: AbortSignal): Promise<HumanInputAnswer> {
    if (this.#closed !== undefined) return Promise.resolve({ answered: false, reason: this.#closed });
    if (signal?.aborted === true) return Promise.resolve({ answered: false, reason: 'the run stopped' });
    return new Promise((resolve) => {
      const settle = (answer: HumanInputAnswer) => {
        this.#waiting.delete(request.id);
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => settle({ answered: false, reason: 'the run stopped before anyone answered' });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(request.id, settle);
    });
  }

  /** Answers the ask `correlationId` names, else the oldest one; false when nothing matched. */
  answer(value: string, correlationId?: string): boolean {
    const id = correlationId ?? this.pending[0];
    const settle = id === undefined ? undefined : this.#waiting.get(id);
    if (settle === undefined) return false;
    settle({ answered: true, value });
    return true;
  }

  /** Refuses every waiting ask and each later one with `reason`. */
  close(reason = 'the input channel closed before anyone answered'): void {
    this.#closed = reason;
    for (const settle of [...this.#waiting.values()]) settle({ answered: false, reason });
  }
}
