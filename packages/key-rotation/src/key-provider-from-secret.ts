import { AesGcmEncryptionProvider, type SecretStore } from '@orkeon/core';
import { KeyRotationError } from './key-rotation-error.js';

/**
 * The AES-256-GCM provider of the key that secret `secretName` holds (32 bytes in base64).
 * Missing or malformed, the error names the secret, where it was looked for and `role`
 * (what the key is for, e.g. `the retired key (Svc:KeyRotation:PreviousSecretName)`).
 */
export async function keyProviderFromSecret(
  secrets: SecretStore,
  secretName: string,
  options: { readonly role: string; readonly keyVersion?: string },
): Promise<AesGcmEncryptionProvider> {
  const where = `The secret '${secretName}'${secrets.locationOf === undefined ? '' : ` (from ${secrets.locationOf(secretName)})`}`;
  const value = (await secrets.get(secretName))?.trim();
  if (value === undefined)
    throw new KeyRotationError(
      'KEY_ROTATION_KEY_INVALID',
      `${where}, ${options.role}, is missing: store that key there (32 bytes in base64), or name the secret that holds it.`,
    );
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32 || key.toString('base64') !== value.replace(/\s+/g, ''))
    throw new KeyRotationError(
      'KEY_ROTATION_KEY_INVALID',
      `${where}, ${options.role}, is not 32 bytes in base64: keys are made by orkeon keys provision.`,
    );
  return new AesGcmEncryptionProvider({
    key,
    ...(options.keyVersion === undefined ? {} : { keyVersion: options.keyVersion }),
  });
}
