import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A session id a state store cannot use as a key. */
export class InvalidSessionIdError extends OrkeonError<CoreErrorCode> {
  constructor(sessionId: unknown) {
    const shown =
      typeof sessionId === 'string'
        ? `'${sessionId.length > 60 ? `${sessionId.slice(0, 60)}…` : sessionId}'`
        : String(sessionId);
    super(
      'CHECKPOINT_SESSION_ID_INVALID',
      `Session id ${shown} cannot be stored: a session id is 1 to 200 characters among letters, digits, '_', ':', '.' and '-'. Use a UUID or a prefixed id such as 'nightly:run-42'.`,
      { details: { length: typeof sessionId === 'string' ? sessionId.length : undefined } },
    );
  }
}

/** A session state a state store refuses to save, because a field is missing or malformed. */
export class InvalidSessionStateError extends OrkeonError<CoreErrorCode> {
  constructor(sessionId: string, problem: string) {
    super(
      'CHECKPOINT_SESSION_STATE_INVALID',
      `Session '${sessionId}' cannot be saved: ${problem}. Build the state with CheckpointManager, or fill every field of SessionState.`,
      { details: { sessionId } },
    );
  }
}

/** A state store used after `close()`. */
export class StateStoreClosedError extends OrkeonError<CoreErrorCode> {
  constructor(store: string) {
    super(
      'STATE_STORE_CLOSED',
      `The ${store} was closed and cannot be used any more. Create a new store, or close it only when the program ends.`,
      { details: { store } },
    );
  }
}

/** A `history` limit that is not a whole number of 1 or more. */
export class InvalidHistoryLimitError extends OrkeonError<CoreErrorCode> {
  constructor(limit: number) {
    super(
      'CHECKPOINT_HISTORY_LIMIT_INVALID',
      `History limit ${limit} is not usable: give a whole number of 1 or more, or leave it out for the whole history.`,
      { details: { limit } },
    );
  }
}
