import type { DocumentStore } from '../documents/document-store.js';
import { serviceToken } from '../services/service-token.js';
import type { CrewExecutionOutcome, CrewExecutionState, CrewExecutionStateChanges } from './crew-execution-state.js';
import {
  ExecutionStateConflictError,
  ExecutionStateNotFoundError,
  InvalidCrewIdError,
} from './execution-state-errors.js';
import {
  assertValidExecutionId,
  executionStateCollection,
  fromExecutionDocument,
  type PersistedExecutionState,
  toExecutionDocument,
} from './execution-state-record.js';
import { toInvariantString } from './invariant-metadata.js';

export interface CrewExecutionStateManagerOptions {
  /** Where transitions are persisted. Without a store, states live in memory only. */
  readonly store?: DocumentStore;
  /** Delete a state from the store when it is archived, instead of saving it as `Archived`. Default false. */
  readonly deleteFromStoreOnArchive?: boolean;
  /** The time written into states; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** @deprecated Use `now`. */
  readonly clock?: () => Date;
}

/**
 * Keeps the state of crew executions (Beta). With a store, every transition (create,
 * update, complete, archive) is saved before the call returns, and a manager started
 * later over the same store reads it back: `getState` and `createState` load a state
 * they do not hold yet. States are documents of the collection `crew-executions`,
 * keyed by execution id.
 * `toolsUsed` is never stored, so a reloaded state has none.
 *
 * Calls for one execution run one at a time, in call order, so that concurrent
 * transitions never write an older state over a newer one.
 */
export class CrewExecutionStateManager {
  readonly #store: DocumentStore | undefined;
  readonly #deleteFromStoreOnArchive: boolean;
  readonly #clock: () => Date;
  readonly #states = new Map<string, CrewExecutionState>();
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(options: CrewExecutionStateManagerOptions = {}) {
    this.#store = options.store;
    this.#deleteFromStoreOnArchive = options.deleteFromStoreOnArchive ?? false;
    this.#clock = options.now ?? options.clock ?? (() => new Date());
  }

  /** True when transitions are written to a document store. */
  get persistent(): boolean {
    return this.#store !== undefined;
  }

  /**
   * A new state with status `Created`, or, when the execution already has one (in
   * memory or in the store), that state unchanged: this is how a restarted host
   * resumes an execution. An id already used by another crew is refused.
   */
  async createState(crewId: string, executionId: string, input: string): Promise<CrewExecutionState> {
    assertValidExecutionId(executionId);
    if (typeof crewId !== 'string' || crewId.length === 0) {
      throw new InvalidCrewIdError(executionId);
    }
    return this.#serialized(executionId, async () => {
      const existing = await this.#load(executionId);
      if (existing !== undefined) {
        if (existing.crewId !== crewId) {
          throw new ExecutionStateConflictError(
            executionId,
            `the id is already used by crew '${existing.crewId}', not '${crewId}'; give this execution a new id`,
          );
        }
        return structuredClone(existing);
      }
      const now = this.#now();
      const state: CrewExecutionState = {
        executionId,
        crewId,
        status: 'Created',
        input,
        metadata: {},
        toolsUsed: [],
        createdAt: now,
        updatedAt: now,
      };
      return this.#commit(state);
    });
  }

  /** Applies the changes and saves the result; refused for an unknown or archived execution. */
  async updateState(executionId: string, changes: CrewExecutionStateChanges): Promise<CrewExecutionState> {
    assertValidExecutionId(executionId);
    return this.#serialized(executionId, async () => {
      const current = await this.#require(executionId, 'update');
      const metadata = { ...current.metadata };
      for (const [key, value] of Object.entries(changes.metadata ?? {})) metadata[key] = toInvariantString(key, value);
      const toolsUsed = [...new Set([...current.toolsUsed, ...(changes.toolsUsed ?? [])])];
      return this.#commit({
        ...current,
        ...(changes.status === undefined ? {} : { status: changes.status }),
        ...(changes.currentTaskId === undefined ? {} : { currentTaskId: changes.currentTaskId }),
        ...(changes.output === undefined ? {} : { output: changes.output }),
        ...(changes.error === undefined ? {} : { error: changes.error }),
        metadata,
        toolsUsed,
        updatedAt: this.#now(),
      });
    });
  }

  /** Ends the execution: `Failed` when the outcome carries an error, otherwise `Completed`. */
  async completeState(executionId: string, outcome: CrewExecutionOutcome = {}): Promise<CrewExecutionState> {
    assertValidExecutionId(executionId);
    return this.#serialized(executionId, async () => {
      const current = await this.#require(executionId, 'complete');
      return this.#commit({
        ...current,
        status: outcome.error === undefined ? 'Completed' : 'Failed',
        ...(outcome.output === undefined ? {} : { output: outcome.output }),
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        updatedAt: this.#now(),
      });
    });
  }

  /**
   * Sets the state `Archived` (final). It is saved as such, or deleted from the store
   * when `deleteFromStoreOnArchive` is on; this manager still returns it from memory.
   */
  async archiveState(executionId: string): Promise<CrewExecutionState> {
    assertValidExecutionId(executionId);
    return this.#serialized(executionId, async () => {
      const current = await this.#require(executionId, 'archive');
      const archived: CrewExecutionState = { ...current, status: 'Archived', updatedAt: this.#now() };
      if (this.#store !== undefined && this.#deleteFromStoreOnArchive) {
        await this.#store.delete(executionStateCollection, executionId);
        this.#states.set(executionId, structuredClone(archived));
        return structuredClone(archived);
      }
      return this.#commit(archived);
    });
  }

  /** The state of the execution, from memory or else from the store; `undefined` when there is none. */
  async getState(executionId: string): Promise<CrewExecutionState | undefined> {
    assertValidExecutionId(executionId);
    return this.#serialized(executionId, async () => {
      const state = await this.#load(executionId);
      return state === undefined ? undefined : structuredClone(state);
    });
  }

  /**
   * Every execution, newest change first: those held in memory and, with a store, every stored one (for an
   * operator's view of past runs). A stored document that cannot be read is left out of the list.
   */
  async listStates(): Promise<CrewExecutionState[]> {
    const found = new Map<string, CrewExecutionState>();
    if (this.#store !== undefined)
      for (const stored of await this.#store.list<PersistedExecutionState>(executionStateCollection)) {
        try {
          found.set(stored.key, fromExecutionDocument(stored.key, stored.value));
        } catch {
          // Damaged or written by hand: getState names the problem when it is asked for.
        }
      }
    for (const [executionId, state] of this.#states) found.set(executionId, state);
    return [...found.values()]
      .map((state) => structuredClone(state))
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  }

  async #load(executionId: string): Promise<CrewExecutionState | undefined> {
    const held = this.#states.get(executionId);
    if (held !== undefined || this.#store === undefined) return held;
    const stored = await this.#store.get<PersistedExecutionState>(executionStateCollection, executionId);
    if (stored === undefined) return undefined;
    const state = fromExecutionDocument(executionId, stored.value);
    this.#states.set(executionId, state);
    return state;
  }

  async #require(executionId: string, action: string): Promise<CrewExecutionState> {
    const state = await this.#load(executionId);
    if (state === undefined) throw new ExecutionStateNotFoundError(executionId);
    if (state.status === 'Archived') {
      throw new ExecutionStateConflictError(
        executionId,
        `it is archived and cannot ${action}; archived states are final`,
      );
    }
    return state;
  }

  /** Persists first, so memory never holds a transition the store refused. */
  async #commit(state: CrewExecutionState): Promise<CrewExecutionState> {
    if (this.#store !== undefined) {
      await this.#store.put(executionStateCollection, state.executionId, toExecutionDocument(state));
    }
    this.#states.set(state.executionId, structuredClone(state));
    return structuredClone(state);
  }

  #serialized<T>(executionId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(executionId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(executionId, settled);
    void settled.then(() => {
      if (this.#queues.get(executionId) === settled) this.#queues.delete(executionId);
    });
    return next;
  }

  #now(): string {
    return this.#clock().toISOString();
  }
}

export const CrewExecutionStateManagerService = serviceToken<CrewExecutionStateManager>('CrewExecutionStateManager');
