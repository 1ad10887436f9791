/** One reader's bell: rung when its mailbox may hold a message. */
export interface Doorbell {
  /** True when rung (also before the wait began), false at the deadline; rejects with the signal's reason. */
  wait(deadline: number | undefined, signal: AbortSignal | undefined): Promise<boolean>;
  /** Stops listening; a ring it had not woken from goes to the next reader. */
  cancel(): void;
}

/**
 * Wakes the readers of a mailbox in this process when a notification says a message was
 * posted to it: one message, one reader, the longest waiting (waking them all would send them
 * all to the table for one row). A reader takes its bell before looking in the table, so a
 * message posted between the look and the wait still wakes it; a rung reader that gives up
 * (its deadline, its signal) passes the ring on.
 */
export class MailboxDoorbells {
  readonly #listeners = new Map<string, Set<Listener>>();

  listen(address: string): Doorbell {
    let wake: (() => void) | undefined;
    const listener: Listener = {
      rung: false,
      ring: () => {
        listener.rung = true;
        wake?.();
      },
    };
    let set = this.#listeners.get(address);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(address, set);
    }
    set.add(listener);
    const remove = () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(address) === set) this.#listeners.delete(address);
    };
    // Leaving without waking from the ring: the message it announced is still there for another reader.
    const giveUp = () => {
      remove();
      if (listener.rung) this.ring(address);
    };
    return {
      cancel: giveUp,
      wait(deadline, signal) {
        if (listener.rung) {
          remove();
          return Promise.resolve(true);
        }
        if (signal?.aborted === true) {
          giveUp();
          return Promise.reject(signal.reason);
        }
        return new Promise<boolean>((resolve, reject) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const finish = () => {
            if (timer !== undefined) clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
          };
          const onAbort = () => {
            finish();
            giveUp();
            reject(signal?.reason);
          };
          wake = () => {
            finish();
            remove();
            resolve(true);
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          if (deadline !== undefined)
            timer = setTimeout(
              () => {
                finish();
                giveUp();
                resolve(false);
              },
              Math.max(0, deadline - Date.now()),
            );
        });
      },
    };
  }

  /** Wakes the longest-waiting reader of the mailbox not yet woken. */
  ring(address: string): void {
    for (const listener of this.#listeners.get(address) ?? [])
      if (!listener.rung) {
        listener.ring();
        return;
      }
  }

  /** After a lost connection: every reader looks again, as notifications may have been missed. */
  ringAll(): void {
    for (const set of [...this.#listeners.values()]) for (const listener of [...set]) listener.ring();
  }
}

interface Listener {
  rung: boolean;
  ring(): void;
}
