import { randomBytes } from 'node:crypto';
import type { SecretStore } from '@orkeon/core';
import { KeyProvisioningError } from './key-rotation-error.js';

/** The key size AES-256-GCM takes, and so the only one provisioned. */
export const provisionedKeySizeInBits = 256;

/** What `provisionNewKey` made: never the key itself, which stays in the secret store. */
export interface ProvisionedKey {
  readonly secretName: string;
  readonly keySizeInBits: number;
  /** Where the store keeps it, when the store says (`the file …`, `the environment: …`). */
  readonly location: string | undefined;
}

/**
 * Creates a random key (base64 of `keySizeInBits / 8` bytes from the system's secure random
 * source) and stores it as `secretName`. A secret of that name is never replaced, since what
 * its key sealed would no longer open: `KeyProvisioningError` (`KEY_PROVISIONING_SECRET_EXISTS`).
 */
export async function provisionNewKey(
  secretStore: SecretStore,
  secretName: string,
  keySizeInBits: number = provisionedKeySizeInBits,
): Promise<ProvisionedKey> {
  if (keySizeInBits !== provisionedKeySizeInBits)
    throw new KeyProvisioningError(
      'KEY_PROVISIONING_SIZE_INVALID',
      `A ${keySizeInBits}-bit key was asked for; AES-256-GCM keys are ${provisionedKeySizeInBits} bits: give ${provisionedKeySizeInBits}, or leave the size out.`,
    );
  const location = secretStore.locationOf?.(secretName);
  if ((await secretStore.get(secretName)) !== undefined)
    throw new KeyProvisioningError(
      'KEY_PROVISIONING_SECRET_EXISTS',
      `The secret '${secretName}' exists${location === undefined ? '' : ` (in ${location})`}: a new key never replaces one, since what it sealed would no longer open. Provision the new key under another name, e.g. '${secretName}-2'.`,
    );
  await secretStore.set(secretName, randomBytes(keySizeInBits / 8).toString('base64'));
  return { secretName, keySizeInBits, location };
}
