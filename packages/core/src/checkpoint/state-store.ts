import { serviceToken } from '../services/service-token.js';
import type { SessionState, SessionSummary, VersionedState } from './session-state.js';

export interface SaveVersionedOptions {
  /** The step that produced this snapshot, e.g. a task id. */
  readonly stepId?: string;
  readonly label?: string;
}

export interface HistoryOptions {
  /** At most this many versions, the newest ones. */
  readonly limit?: number;
}

/**
 * Where checkpointed sessions live. Every store (in memory, SQLite, PostgreSQL) keeps
 * the same rules, checked by one shared conformance suite:
 * - `save` is an upsert of the current state; `get` returns a copy, or `undefined`.
 * - `latestForCrew` is the crew's session with the greatest `updatedAt`.
 * - `list` returns summaries, newest `updatedAt` first.
 * - `delete` removes the session and all of its versions.
 * - `saveVersioned` appends an immutable snapshot (versions 1, 2, 3, …) and also
 *   makes the state current; `history` is newest first.
 * - Session ids match `^[A-Za-z0-9_:.-]{1,200}$`; any other id is refused with
 *   `InvalidSessionIdError`.
 * - Objects passed in and handed out are copies: changing them never changes the store.
 */
export interface StateStore {
  save(state: SessionState): Promise<void>;
  get(sessionId: string): Promise<SessionState | undefined>;
  latestForCrew(crewId: string): Promise<SessionState | undefined>;
  list(): Promise<SessionSummary[]>;
  /** True when the session existed. */
  delete(sessionId: string): Promise<boolean>;
  saveVersioned(state: SessionState, options?: SaveVersionedOptions): Promise<VersionedState>;
  history(sessionId: string, options?: HistoryOptions): Promise<VersionedState[]>;
  getVersion(sessionId: string, versionId: string): Promise<VersionedState | undefined>;
}

export const StateStoreService = serviceToken<StateStore>('StateStore');
