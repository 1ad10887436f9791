import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { MemoryEncryptionKey } from './encrypted-memory-provider.js';

/**
 * The memory encryption key from `secrets`: 32 bytes in base64 under `secretName`.
 * Missing or malformed, the error says how to make one and where it is looked for.
 * `requiredBy` names what asks for it in that message (default: `Svc:Encryption is enabled`).
 */
export async function loadMemoryEncryptionKey(
  secrets: SecretStore,
  secretName: string,
  requiredBy = 'Svc:Encryption is enabled',
): Promise<MemoryEncryptionKey> {
  const value = await secrets.get(secretName);
  const location = secrets.locationOf?.(secretName) ?? 'the registered secret store';
  const where = `the secret '${secretName}' (from ${location})`;
  const make = `orkeon keys provision --name ${secretName}, or \`openssl rand -base64 32\``;
  if (value === undefined)
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTION_KEY_INVALID',
      `${requiredBy} and ${where} is missing: create a key with \`openssl rand -base64 32\` (or orkeon keys provision --name ${secretName}) and store it there.`,
    );
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== value.trim().replace(/\s+/g, ''))
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTION_KEY_INVALID',
      `${requiredBy} and ${where} is not 32 bytes in base64: create one with ${make}.`,
    );
  return { key };
}
