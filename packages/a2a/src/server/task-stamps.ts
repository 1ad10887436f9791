import { A2AServerOptionError } from './a2a-server-errors.js';
import { isValidTaskId } from './request-validation.js';
import { timeOrderedId } from './time-ordered-id.js';

/** Where the server takes the times and the ids it writes into task records and results. */
export interface TaskStamps {
  /** Milliseconds since 1970. */
  readonly now: () => number;
  /** The id of a task sent without one. */
  readonly newId: () => string;
}

/**
 * The clock and id generator of a server: the system clock and time-ordered UUIDs (version 7), or the
 * host's own, checked on every call (a value they give is written into records, so a
 * bad one must fail loudly at once rather than be stored).
 */
export function taskStamps(options: { readonly now?: () => number; readonly newId?: () => string }): TaskStamps {
  return {
    now: options.now === undefined ? Date.now : checkedClock(options.now),
    newId: options.newId === undefined ? () => timeOrderedId() : checkedIdGenerator(options.newId),
  };
}

/** `now`, refusing anything but a function that gives a finite time. */
function checkedClock(now: () => number): () => number {
  if (typeof now !== 'function') throw new A2AServerOptionError('now', `is ${typeof now}, not a function`);
  return () => {
    const time = now();
    if (typeof time !== 'number' || !Number.isFinite(time)) {
      throw new A2AServerOptionError('now', `gave ${String(time)}, not a finite number`);
    }
    return time;
  };
}

function checkedIdGenerator(newId: () => string): () => string {
  if (typeof newId !== 'function') throw new A2AServerOptionError('newId', `is ${typeof newId}, not a function`);
  return () => {
    const id = newId();
    if (typeof id !== 'string' || !isValidTaskId(id)) {
      throw new A2AServerOptionError(
        'newId',
        `gave ${typeof id === 'string' ? `'${id.slice(0, 60)}'` : String(id)}, which is not a task id`,
      );
    }
    return id;
  };
}
