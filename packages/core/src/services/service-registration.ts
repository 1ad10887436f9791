import type { ServiceToken } from './service-token.js';

/** What a factory receives to ask for the services it depends on. */
export interface ServiceResolver {
  /** The last registration of the service; throws when none is registered. */
  get<T>(token: ServiceToken<T>): T;
  /** Like `get`, but `undefined` when none is registered. */
  tryGet<T>(token: ServiceToken<T>): T | undefined;
  /** Every registration of the service, oldest first. */
  getAll<T>(token: ServiceToken<T>): T[];
}

/**
 * - `singleton`: one instance for the provider and all its scopes.
 * - `scoped`: one instance per scope (e.g. per A2A request); not resolvable from the root.
 * - `transient`: a new instance each time it is asked for.
 */
export type ServiceLifetime = 'singleton' | 'scoped' | 'transient';

export type ServiceFactory<T> = (services: ServiceResolver) => T;

export interface ServiceRegistration<T = unknown> {
  readonly token: ServiceToken<T>;
  readonly lifetime: ServiceLifetime;
  readonly factory: ServiceFactory<T>;
  /** False for instances the host handed over: the container does not dispose them. */
  readonly owned: boolean;
}
