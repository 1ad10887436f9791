import { randomUUID } from 'node:crypto';
import { historyLimit, newestSessionFirst } from './session-order.js';
import { type SessionState, type SessionSummary, summarizeSession, type VersionedState } from './session-state.js';
import type { HistoryOptions, SaveVersionedOptions, StateStore } from './state-store.js';
import { assertValidSessionId, assertValidSessionState } from './state-validation.js';

export interface InMemoryStateStoreOptions {
  /** The time written into versions; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** The id of a new version. Default: a random UUID. */
  readonly newId?: () => string;
}

/**
 * A state store held in this process: the default one, gone when the process ends.
 * States are copied on the way in and on the way out, so a caller that changes an
 * object it saved or received never changes what is stored.
 */
export class InMemoryStateStore implements StateStore {
  readonly #sessions = new Map<string, SessionState>();
  readonly #versions = new Map<string, VersionedState[]>();
  readonly #now: () => Date;
  readonly #newId: () => string;

  constructor(options: InMemoryStateStoreOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  async save(state: SessionState): Promise<void> {
    assertValidSessionState(state);
    this.#sessions.set(state.sessionId, structuredClone(state));
  }

  async get(sessionId: string): Promise<SessionState | undefined> {
    assertValidSessionId(sessionId);
    return copyOf(this.#sessions.get(sessionId));
  }

  async latestForCrew(crewId: string): Promise<SessionState | undefined> {
    const [latest] = [...this.#sessions.values()].filter((state) => state.crewId === crewId).sort(newestSessionFirst);
    return copyOf(latest);
  }

  async list(): Promise<SessionSummary[]> {
    return [...this.#sessions.values()].sort(newestSessionFirst).map(summarizeSession);
  }

  async delete(sessionId: string): Promise<boolean> {
    assertValidSessionId(sessionId);
    const existed = this.#sessions.delete(sessionId);
    return this.#versions.delete(sessionId) || existed;
  }

  async saveVersioned(state: SessionState, options: SaveVersionedOptions = {}): Promise<VersionedState> {
    assertValidSessionState(state);
    const versions = this.#versions.get(state.sessionId) ?? [];
    const snapshot = structuredClone(state);
    const versioned: VersionedState = {
      versionId: this.#newId(),
      sessionId: state.sessionId,
      version: (versions.at(-1)?.version ?? 0) + 1,
      state: snapshot,
      ...(options.stepId === undefined ? {} : { stepId: options.stepId }),
      ...(options.label === undefined ? {} : { label: options.label }),
      createdAt: this.#now().toISOString(),
    };
    versions.push(versioned);
    this.#versions.set(state.sessionId, versions);
    this.#sessions.set(state.sessionId, structuredClone(snapshot));
    return structuredClone(versioned);
  }

  async history(sessionId: string, options?: HistoryOptions): Promise<VersionedState[]> {
    assertValidSessionId(sessionId);
    const limit = historyLimit(options);
    const newestFirst = [...(this.#versions.get(sessionId) ?? [])].reverse();
    return structuredClone(limit === undefined ? newestFirst : newestFirst.slice(0, limit));
  }

  async getVersion(sessionId: string, versionId: string): Promise<VersionedState | undefined> {
    assertValidSessionId(sessionId);
    return copyOf(this.#versions.get(sessionId)?.find((version) => version.versionId === versionId));
  }
}

function copyOf<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
