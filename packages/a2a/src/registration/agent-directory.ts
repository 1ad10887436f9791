import { serviceToken } from '@orkeon/core';
import type { AgentRegistration } from './agent-registration.js';
import { type SharedAgentRegistrationStore, sharedAgentRegistrationStore } from './shared-agent-registration-store.js';

/**
 * The API any code (the execution pipeline, a host, a test) uses to publish agents.
 * It writes the process-wide shared store, so what it registers is visible to the A2A
 * router and card, and agents added through the store are visible here.
 *
 * @experimental SVCEXP001
 */
export class AgentDirectory {
  readonly #store: SharedAgentRegistrationStore;

  constructor(store: SharedAgentRegistrationStore = sharedAgentRegistrationStore) {
    this.#store = store;
  }

  /** Adds or replaces the agent with the same id. Returns a function that removes it. */
  register(registration: AgentRegistration): () => boolean {
    this.#store.save(registration);
    return () => this.#store.get(registration.id) !== undefined && this.unregister(registration.id);
  }

  /** Adds the agent only when its id is free; false otherwise. */
  tryRegister(registration: AgentRegistration): boolean {
    return this.#store.tryAdd(registration);
  }

  unregister(id: string): boolean {
    return this.#store.remove(id);
  }

  get(id: string): AgentRegistration | undefined {
    return this.#store.get(id);
  }

  list(): AgentRegistration[] {
    return this.#store.snapshot();
  }
}

/** @experimental SVCEXP001 */
export const AgentDirectoryService = serviceToken<AgentDirectory>('AgentDirectory');
