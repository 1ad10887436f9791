import type { AgentRegistration } from './agent-registration.js';
import { InvalidAgentRegistrationError } from './registration-errors.js';

/**
 * The process-wide store of agent registrations. Every operation is synchronous, so on
 * Node's single JavaScript thread each one is atomic: concurrent requests never see a
 * half-applied change, and `snapshot()` is a consistent copy. It is local to one process;
 * for several instances register a custom `AgentRepository` over shared storage.
 *
 * @experimental SVCEXP001
 */
export class SharedAgentRegistrationStore {
  readonly #agents = new Map<string, AgentRegistration>();

  get count(): number {
    return this.#agents.size;
  }

  get(id: string): AgentRegistration | undefined {
    return this.#agents.get(id);
  }

  has(id: string): boolean {
    return this.#agents.has(id);
  }

  /** A copy of every registration, in registration order. */
  snapshot(): AgentRegistration[] {
    return [...this.#agents.values()];
  }

  /** Adds the registration; false (and no change) when its id is already registered. */
  tryAdd(registration: AgentRegistration): boolean {
    assertValidRegistration(registration);
    if (this.#agents.has(registration.id)) return false;
    this.#agents.set(registration.id, freeze(registration));
    return true;
  }

  /** Adds or replaces the registration with the same id. */
  save(registration: AgentRegistration): void {
    assertValidRegistration(registration);
    this.#agents.set(registration.id, freeze(registration));
  }

  /** True when the id was registered. */
  remove(id: string): boolean {
    return this.#agents.delete(id);
  }

  /** Removes every registration (tests, host shutdown). */
  clear(): void {
    this.#agents.clear();
  }
}

/**
 * The one shared store of this process. The agent directory and the default agent
 * repository both read and write it.
 *
 * @experimental SVCEXP001
 */
export const sharedAgentRegistrationStore = new SharedAgentRegistrationStore();

function freeze(registration: AgentRegistration): AgentRegistration {
  return Object.freeze({ ...registration, tags: Object.freeze([...registration.tags]) });
}

function assertValidRegistration(registration: AgentRegistration): void {
  if (typeof registration.id !== 'string' || registration.id.length === 0) {
    throw new InvalidAgentRegistrationError(
      String(registration.id),
      'its id (the skill id) must be a non-empty string',
    );
  }
  const kind: unknown = registration.kind;
  if (kind !== 'local' && kind !== 'remote') {
    throw new InvalidAgentRegistrationError(registration.id, "its kind must be 'local' or 'remote'");
  }
  if (registration.kind === 'local' && typeof registration.handler !== 'function') {
    throw new InvalidAgentRegistrationError(registration.id, "a 'local' agent needs a handler function");
  }
  if (registration.kind === 'remote' && (typeof registration.url !== 'string' || !URL.canParse(registration.url))) {
    throw new InvalidAgentRegistrationError(registration.id, "a 'remote' agent needs an absolute url");
  }
}
