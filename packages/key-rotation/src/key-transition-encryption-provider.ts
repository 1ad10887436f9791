import { DecryptionFailedError, type EncryptionProvider, InPlaceKeyRotationUnsupportedError } from '@orkeon/core';

/**
 * The current key, with the previous one kept for reading while a rotation is pending: seals
 * with the current key (and records its version), opens with the current key and, when that
 * fails, with the previous one. So contents sealed before the switch stay readable until
 * `KeyRotator.rotate` has re-encrypted them.
 */
export class KeyTransitionEncryptionProvider implements EncryptionProvider {
  readonly #current: EncryptionProvider;
  readonly #previous: EncryptionProvider;

  constructor(current: EncryptionProvider, previous: EncryptionProvider) {
    this.#current = current;
    this.#previous = previous;
  }

  get keyVersion(): string {
    return this.#current.keyVersion;
  }

  encrypt(plaintext: string, associatedData?: string): Promise<string> {
    return this.#current.encrypt(plaintext, associatedData);
  }

  async decrypt(sealed: string, associatedData?: string): Promise<string> {
    try {
      return await this.#current.decrypt(sealed, associatedData);
    } catch (error) {
      if (!DecryptionFailedError.isInstance(error)) throw error;
      return this.#previous.decrypt(sealed, associatedData);
    }
  }

  /** Always throws `InPlaceKeyRotationUnsupportedError`, as the providers it holds would. */
  async rotateKeyInPlace(): Promise<void> {
    throw new InPlaceKeyRotationUnsupportedError('key transition');
  }
}
