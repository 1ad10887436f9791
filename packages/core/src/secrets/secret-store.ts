import { serviceToken } from '../services/service-token.js';

/** How a secret is written. */
export interface SecretWriteOptions {
  /** Replace a secret that exists; default false (an existing secret is refused). */
  readonly overwrite?: boolean;
}

/**
 * Where keys and passwords live, by name (`orkeon-encryption-key`). The runtime reads
 * secrets when it needs them, never at start, and never logs them.
 */
export interface SecretStore {
  /** The secret's value, or undefined when none has that name. */
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string, options?: SecretWriteOptions): Promise<void>;
  /** Optional: where secret `name` is looked for, for messages (`the variable ORKEON_SECRET_…`); never its value. */
  locationOf?(name: string): string;
}

/** The runtime's secret store; default the environment (`EnvironmentSecretStore`). */
export const SecretStoreService = serviceToken<SecretStore>('SecretStore');
