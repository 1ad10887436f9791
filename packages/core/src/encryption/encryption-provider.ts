/**
 * Seals and opens text with one key (reference brief §11 item 6): what encryption at rest
 * and key rotation are written against. A provider never changes its key by itself: a new
 * key is a new provider, and key rotation re-encrypts what the old one sealed.
 */
export interface EncryptionProvider {
  /** The version recorded with what this provider seals (the property `orkeon-key-version`). */
  readonly keyVersion: string;
  /**
   * `plaintext` sealed so that only this key opens it, bound to `associatedData` (e.g. the
   * memory's key): the sealed text opens only with the same associated data.
   */
  encrypt(plaintext: string, associatedData?: string): Promise<string>;
  /**
   * The plaintext of what `encrypt` returned; `DecryptionFailedError` when another key
   * sealed it, the associated data differs, or the text was changed.
   */
  decrypt(sealed: string, associatedData?: string): Promise<string>;
  /**
   * Replaces the key while keeping what was sealed readable. No provider of Orkeon can:
   * each throws `InPlaceKeyRotationUnsupportedError`; rotate with a new key and key rotation.
   */
  rotateKeyInPlace(): Promise<void>;
}
