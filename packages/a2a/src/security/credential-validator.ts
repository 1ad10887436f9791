import type { CredentialVerdict } from './caller-identity.js';

/**
 * Checks one presented credential (a bearer token or an API key); resolves true to
 * accept, or `{ principal }` to accept it as that principal (the owner of the caller's
 * tasks; without one, the owner is a digest of the credential). It never throws for a
 * bad credential.
 *
 * @experimental SVCEXP001
 */
export type CredentialValidator = (credential: string) => Promise<CredentialVerdict>;

/**
 * Supplies the current list of accepted secrets. Called on every request, so a provider
 * that reads a secret store or the settings again makes rotation take effect at once.
 *
 * @experimental SVCEXP001
 */
export type SecretListProvider = () => readonly string[] | Promise<readonly string[]>;
