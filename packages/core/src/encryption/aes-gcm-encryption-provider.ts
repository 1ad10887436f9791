import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  DecryptionFailedError,
  EncryptionKeyInvalidError,
  InPlaceKeyRotationUnsupportedError,
} from './encryption-errors.js';
import type { EncryptionProvider } from './encryption-provider.js';

const nonceBytes = 12;
const tagBytes = 16;

export interface AesGcmEncryptionProviderOptions {
  /** 32 random bytes (`orkeon keys provision`, or `openssl rand -base64 32`). */
  readonly key: Uint8Array;
  /** Recorded with what it seals; default `1`. */
  readonly keyVersion?: string;
}

/**
 * AES-256-GCM: a fresh 12-byte nonce for every text, the associated data authenticated with
 * it, and the sealed text as base64 of nonce, ciphertext and 16-byte tag. A wrong key, other
 * associated data or a changed text fails the tag check, so which key opens a text is known
 * for sure (key rotation reads it to tell rotated entries from the others).
 */
export class AesGcmEncryptionProvider implements EncryptionProvider {
  readonly keyVersion: string;
  readonly #key: Buffer;

  constructor(options: AesGcmEncryptionProviderOptions) {
    if (options.key.length !== 32)
      throw new EncryptionKeyInvalidError(
        `The encryption key has ${options.key.length} bytes; AES-256 needs 32: make one with orkeon keys provision, or openssl rand -base64 32.`,
      );
    this.#key = Buffer.from(options.key);
    this.keyVersion = options.keyVersion ?? '1';
  }

  async encrypt(plaintext: string, associatedData = ''): Promise<string> {
    const nonce = randomBytes(nonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64');
  }

  async decrypt(sealed: string, associatedData = ''): Promise<string> {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.length < nonceBytes + tagBytes) throw new DecryptionFailedError(this.keyVersion);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, nonceBytes));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
      return Buffer.concat([
        decipher.update(bytes.subarray(nonceBytes, bytes.length - tagBytes)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new DecryptionFailedError(this.keyVersion);
    }
  }

  /** Always throws `InPlaceKeyRotationUnsupportedError`: a GCM key cannot open what another key sealed. */
  async rotateKeyInPlace(): Promise<void> {
    throw new InPlaceKeyRotationUnsupportedError('AES-256-GCM');
  }
}
