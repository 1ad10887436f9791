import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { secretVariableName } from '../secrets/environment-secret-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { MemoryEncryptionKey } from './encrypted-memory-provider.js';

/**
 * The memory encryption key from `secrets`: 32 bytes in base64 under `secretName`.
 * Missing or malformed, the error says how to make one and where it is looked for.
 */
export async function loadMemoryEncryptionKey(secrets: SecretStore, secretName: string): Promise<MemoryEncryptionKey> {
  const value = await secrets.get(secretName);
  const where = `the secret '${secretName}' (from the environment: ${secretVariableName(secretName)})`;
  if (value === undefined)
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTION_KEY_INVALID',
      `Svc:Encryption is enabled and ${where} is missing: create a key with \`openssl rand -base64 32\` and store it there.`,
    );
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== value.trim().replace(/\s+/g, ''))
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTION_KEY_INVALID',
      `Svc:Encryption is enabled and ${where} is not 32 bytes in base64: create one with \`openssl rand -base64 32\`.`,
    );
  return { key };
}
