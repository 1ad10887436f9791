import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A key that is not the size the algorithm needs. */
export class EncryptionKeyInvalidError extends OrkeonError<CoreErrorCode> {
  constructor(message: string) {
    super('ENCRYPTION_KEY_INVALID', message);
  }
}

/** A sealed text that the provider's key does not open (another key, other associated data, or changed). */
export class DecryptionFailedError extends OrkeonError<CoreErrorCode> {
  constructor(keyVersion: string) {
    super(
      'ENCRYPTION_DECRYPTION_FAILED',
      `The text could not be decrypted with key version '${keyVersion}': another key sealed it, or it was changed after it was written.`,
    );
  }
}

/** `rotateKeyInPlace` on a provider that cannot change its key without re-encrypting. */
export class InPlaceKeyRotationUnsupportedError extends OrkeonError<CoreErrorCode> {
  constructor(provider: string) {
    super(
      'ENCRYPTION_IN_PLACE_ROTATION_UNSUPPORTED',
      `The ${provider} provider cannot change its key in place: what it sealed opens only with its own key. Provision a new key (orkeon keys provision) and re-encrypt with key rotation (orkeon keys rotate, or KeyRotator.rotate from @orkeon/key-rotation).`,
    );
  }
}
