import type { CredentialValidator, SecretListProvider } from './credential-validator.js';
import { matchesAnySecret } from './secret-comparison.js';

/**
 * The `ApiKey` validator: the presented key is compared, hashed and in fixed time, with
 * every key the provider returns for this request.
 */
export function createApiKeyValidator(keys: SecretListProvider): CredentialValidator {
  return async (credential) => matchesAnySecret(credential, await keys());
}
