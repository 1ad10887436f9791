import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { SecretStore, SecretWriteOptions } from './secret-store.js';

/** A secret name no variable can carry, or a write the store refuses. */
export class SecretStoreError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('SECRET_STORE_REFUSED', message);
  }
}

/**
 * The environment variable that holds secret `name`: `ORKEON_SECRET_` and the name in
 * capitals with every other character as `_` (`orkeon-encryption-key` →
 * `ORKEON_SECRET_ORKEON_ENCRYPTION_KEY`). Not `SVC_`: those variables are settings.
 */
export function secretVariableName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name))
    throw new SecretStoreError(
      `The secret name '${name.slice(0, 40)}' cannot be used: give letters, digits, '.', '_' and '-' (at most 128).`,
    );
  return `ORKEON_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * Secrets from environment variables (`secretVariableName`), the default store: what a
 * container platform or a service manager injects. `set` changes this process only.
 */
export class EnvironmentSecretStore implements SecretStore {
  readonly #environment: NodeJS.ProcessEnv;

  constructor(environment: NodeJS.ProcessEnv = process.env) {
    this.#environment = environment;
  }

  async get(name: string): Promise<string | undefined> {
    const value = this.#environment[secretVariableName(name)];
    return value === undefined || value === '' ? undefined : value;
  }

  locationOf(name: string): string {
    return `the environment: ${secretVariableName(name)}`;
  }

  async set(name: string, value: string, options: SecretWriteOptions = {}): Promise<void> {
    const variable = secretVariableName(name);
    if (options.overwrite !== true && (this.#environment[variable] ?? '') !== '')
      throw new SecretStoreError(
        `The secret '${name}' exists (${variable}); it is not replaced unless overwrite is asked for.`,
      );
    this.#environment[variable] = value;
  }
}
