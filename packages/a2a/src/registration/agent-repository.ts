import { serviceToken } from '@orkeon/core';
import type { AgentRegistration } from './agent-registration.js';
import type { SharedAgentRegistrationStore } from './shared-agent-registration-store.js';

/**
 * Reads the agents the router can reach. Resolved once per A2A request (scoped).
 * A host with several instances registers its own, backed by shared storage.
 *
 * @experimental SVCEXP001
 */
export interface AgentRepository {
  /** The agent whose id equals the skill id exactly, or `undefined`. */
  getById(id: string): Promise<AgentRegistration | undefined>;
  /** Every agent available now. */
  getAvailableAgents(): Promise<AgentRegistration[]>;
}

/** @experimental SVCEXP001 */
export const AgentRepositoryService = serviceToken<AgentRepository>('AgentRepository');

/**
 * The default scoped repository: re-reads the process-wide shared store on every call.
 *
 * @experimental SVCEXP001
 */
export class SharedStoreAgentRepository implements AgentRepository {
  readonly #store: SharedAgentRegistrationStore;

  constructor(store: SharedAgentRegistrationStore) {
    this.#store = store;
  }

  async getById(id: string): Promise<AgentRegistration | undefined> {
    return this.#store.get(id);
  }

  async getAvailableAgents(): Promise<AgentRegistration[]> {
    return this.#store.snapshot();
  }
}
