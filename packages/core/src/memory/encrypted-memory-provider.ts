import { AesGcmEncryptionProvider } from '../encryption/aes-gcm-encryption-provider.js';
import { DecryptionFailedError } from '../encryption/encryption-errors.js';
import type { EncryptionProvider } from '../encryption/encryption-provider.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { MemoryItem, ScoredMemoryItem } from './memory-item.js';
import type { MemoryProvider, SimilarSearchOptions } from './memory-provider.js';

/** Marks an encrypted content: format version, key version, then the provider's sealed text. */
export const encryptedContentPrefix = 'orkeon-enc:v1:';
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

/** True when `content` is in the encrypted form, not a content written before encryption was enabled. */
export function isEncryptedContent(content: string): boolean {
  return content.startsWith(encryptedContentPrefix);
}

/**
 * `item` with its content sealed by `provider` for the memory `key` (the key is the associated
 * data, so the content does not open under another key) in the stored form
 * `orkeon-enc:v1:<key version>:<sealed>`, and `orkeon-key-version` among its custom properties.
 */
export async function sealMemoryItem(
  provider: EncryptionProvider,
  key: string,
  item: MemoryItem,
  keyVersion: string = provider.keyVersion,
): Promise<MemoryItem> {
  const sealed = await provider.encrypt(item.content, key);
  return {
    ...item,
    content: `${encryptedContentPrefix}${keyVersion}:${sealed}`,
    metadata: {
      ...item.metadata,
      customProperties: { ...item.metadata.customProperties, [keyVersionProperty]: keyVersion },
    },
  };
}

/**
 * The plaintext of a content in the stored form, opened by `provider` for the memory `key`:
 * the provider's `DecryptionFailedError` when its key does not open it.
 */
export function decryptMemoryContent(provider: EncryptionProvider, key: string, content: string): Promise<string> {
  // Key versions are settings-safe words and the sealed text is base64: the last ':' ends the prefix.
  return provider.decrypt(content.slice(content.lastIndexOf(':') + 1), key);
}

/**
 * Encrypts the content of every memory before it reaches `inner` (an `EncryptionProvider`,
 * AES-256-GCM by default: a fresh nonce each time, the memory's key as associated data so
 * that a content moved to another key fails to decrypt). Embeddings and metadata stay in
 * clear for vector recall and filters; word search cannot read ciphertext and is refused.
 * Contents written before encryption was enabled are read as they are.
 */
export class EncryptedMemoryProvider implements MemoryProvider {
  readonly #inner: MemoryProvider;
  readonly #provider: EncryptionProvider;

  /** `encryption`: a provider, or an AES-256-GCM key and its version. */
  constructor(inner: MemoryProvider, encryption: EncryptionProvider | MemoryEncryptionKey) {
    this.#inner = inner;
    this.#provider = 'encrypt' in encryption ? encryption : aesProvider(encryption);
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    await this.#inner.store(key, await sealMemoryItem(this.#provider, key, item));
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.#inner.storeWithEmbedding(key, await sealMemoryItem(this.#provider, key, item), embedding);
  }

  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    const sealed = await Promise.all(
      entries.map(async ({ key, item }) => ({ key, item: await sealMemoryItem(this.#provider, key, item) })),
    );
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
    return Promise.all(found.map(async (hit) => ({ ...hit, item: await this.#opened(hit.key, hit.item) })));
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

  async #opened(key: string, item: MemoryItem): Promise<MemoryItem> {
    if (!isEncryptedContent(item.content)) return item;
    let content: string;
    try {
      content = await decryptMemoryContent(this.#provider, key, item.content);
    } catch (error) {
      if (DecryptionFailedError.isInstance(error)) throw new MemoryDecryptionError(key);
      throw error;
    }
    const { [keyVersionProperty]: _version, ...customProperties } = item.metadata.customProperties;
    return { ...item, content, metadata: { ...item.metadata, customProperties } };
  }
}

/** The AES-256-GCM provider of a key given as bytes; a key of another size is refused as the memory's key. */
function aesProvider(encryption: MemoryEncryptionKey): EncryptionProvider {
  if (encryption.key.length !== 32)
    throw new OrkeonError<CoreErrorCode>(
      'MEMORY_ENCRYPTION_KEY_INVALID',
      `The memory encryption key has ${encryption.key.length} bytes; AES-256 needs 32 (openssl rand -base64 32).`,
    );
  return new AesGcmEncryptionProvider({ key: encryption.key, keyVersion: encryption.version ?? '1' });
}
