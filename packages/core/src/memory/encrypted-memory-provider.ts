import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { MemoryItem, ScoredMemoryItem } from './memory-item.js';
import type { MemoryProvider, SimilarSearchOptions } from './memory-provider.js';

/** Marks an encrypted content: version, key version, then base64 of nonce, ciphertext and tag. */
const marker = 'orkeon-enc:v1:';
const nonceBytes = 12;
const tagBytes = 16;
/** The custom property that names the key a memory was encrypted with (key rotation reads it). */
export const keyVersionProperty = 'orkeon-key-version';

/** A memory encrypted with another key, or changed since it was written. */
export class MemoryDecryptionError extends OrkeonError<CoreErrorCode> {
  constructor(key: string) {
    super(
      'MEMORY_DECRYPTION_FAILED',
      `Memory '${key}' could not be decrypted: it was written with another key, or its stored text was changed.`,
    );
  }
}

/** The key for AES-256-GCM, and the version recorded with what it encrypts. */
export interface MemoryEncryptionKey {
  /** 32 bytes. */
  readonly key: Uint8Array;
  /** Recorded in each memory as `orkeon-key-version`; default `1`. */
  readonly version?: string;
}

/**
 * Encrypts the content of every memory before it reaches `inner` (AES-256-GCM, a fresh
 * nonce each time, the memory's key as associated data so that a content moved to another
 * key fails to decrypt). Embeddings and metadata stay in clear for vector recall and
 * filters; word search cannot read ciphertext and is refused. Contents written before
 * encryption was enabled are read as they are.
 */
export class EncryptedMemoryProvider implements MemoryProvider {
  readonly #inner: MemoryProvider;
  readonly #key: Buffer;
  readonly #version: string;

  constructor(inner: MemoryProvider, encryption: MemoryEncryptionKey) {
    if (encryption.key.length !== 32)
      throw new OrkeonError<CoreErrorCode>(
        'MEMORY_ENCRYPTION_KEY_INVALID',
        `The memory encryption key has ${encryption.key.length} bytes; AES-256 needs 32 (openssl rand -base64 32).`,
      );
    this.#inner = inner;
    this.#key = Buffer.from(encryption.key);
    this.#version = encryption.version ?? '1';
  }

  store(key: string, item: MemoryItem): Promise<void> {
    return this.#inner.store(key, this.#sealed(key, item));
  }

  storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    return this.#inner.storeWithEmbedding(key, this.#sealed(key, item), embedding);
  }

  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    const sealed = entries.map(({ key, item }) => ({ key, item: this.#sealed(key, item) }));
    if (this.#inner.storeMany !== undefined) await this.#inner.storeMany(sealed);
    else for (const { key, item } of sealed) await this.#inner.store(key, item);
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    const item = await this.#inner.get(key);
    return item === undefined ? undefined : this.#opened(key, item);
  }

  async search(_query: string, _limit?: number): Promise<ScoredMemoryItem[]> {
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTED_SEARCH_UNSUPPORTED',
      'Word search cannot read encrypted memories: recall by vector (searchSimilar, with an embedding provider), or leave Svc:Encryption off for this store.',
    );
  }

  async searchSimilar(embedding: readonly number[], options?: SimilarSearchOptions): Promise<ScoredMemoryItem[]> {
    const found = await this.#inner.searchSimilar(embedding, options);
    return found.map((hit) => ({ ...hit, item: this.#opened(hit.key, hit.item) }));
  }

  delete(key: string): Promise<boolean> {
    return this.#inner.delete(key);
  }

  clear(): Promise<void> {
    return this.#inner.clear();
  }

  async close(): Promise<void> {
    await this.#inner.close?.();
  }

  #sealed(key: string, item: MemoryItem): MemoryItem {
    const nonce = randomBytes(nonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(key, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(item.content, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64');
    return {
      ...item,
      content: `${marker}${this.#version}:${sealed}`,
      metadata: {
        ...item.metadata,
        customProperties: { ...item.metadata.customProperties, [keyVersionProperty]: this.#version },
      },
    };
  }

  #opened(key: string, item: MemoryItem): MemoryItem {
    if (!item.content.startsWith(marker)) return item;
    const rest = item.content.slice(marker.length);
    const sealed = Buffer.from(rest.slice(rest.indexOf(':') + 1), 'base64');
    if (sealed.length < nonceBytes + tagBytes) throw new MemoryDecryptionError(key);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(0, nonceBytes));
      decipher.setAAD(Buffer.from(key, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
      const content = Buffer.concat([
        decipher.update(sealed.subarray(nonceBytes, sealed.length - tagBytes)),
        decipher.final(),
      ]).toString('utf8');
      const { [keyVersionProperty]: _version, ...customProperties } = item.metadata.customProperties;
      return { ...item, content, metadata: { ...item.metadata, customProperties } };
    } catch {
      throw new MemoryDecryptionError(key);
    }
  }
}
