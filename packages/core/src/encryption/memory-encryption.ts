import { resolve } from 'node:path';
import type { EncryptionSettings } from '../memory/encryption-settings.js';
import { loadMemoryEncryptionKey } from '../memory/memory-encryption-key.js';
import { EnvironmentSecretStore } from '../secrets/environment-secret-store.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { type SecretStore, SecretStoreService } from '../secrets/secret-store.js';
import type { ServiceResolver } from '../services/service-registration.js';
import { serviceToken } from '../services/service-token.js';
import { AesGcmEncryptionProvider } from './aes-gcm-encryption-provider.js';
import type { EncryptionProvider } from './encryption-provider.js';

/** What the encryption of memory contents is built from. */
export interface MemoryEncryptionContext {
  /** Where keys are read: the registered `SecretStoreService`, else the store `Svc:Encryption:SecretStore` names. */
  readonly secrets: SecretStore;
  readonly settings: EncryptionSettings;
}

/**
 * Builds the provider that encrypts memory contents when `Svc:Encryption` is enabled; asked
 * once for each memory store, when the store first opens (keys are read then, never at
 * start). Without a registration: AES-256-GCM with the key `Svc:Encryption:SecretName` names.
 * `addSvcKeyRotation` registers one that also opens contents sealed with the previous key.
 */
export interface MemoryEncryptionProviderFactory {
  create(context: MemoryEncryptionContext): Promise<EncryptionProvider>;
}

export const MemoryEncryptionProviderFactoryService = serviceToken<MemoryEncryptionProviderFactory>(
  'MemoryEncryptionProviderFactory',
);

/** The secret store `Svc:Encryption:SecretStore` names; a relative `SecretFile` starts from `baseDirectory`. */
export function secretStoreFor(settings: EncryptionSettings, baseDirectory: string = process.cwd()): SecretStore {
  if (settings.SecretStore === 'environment') return new EnvironmentSecretStore();
  return settings.SecretFile === undefined
    ? new FileSecretStore()
    : new FileSecretStore(resolve(baseDirectory, settings.SecretFile));
}

/** AES-256-GCM with the current key of `Svc:Encryption` (`SecretName`, recorded as `KeyVersion`). */
export async function currentMemoryEncryption(context: MemoryEncryptionContext): Promise<EncryptionProvider> {
  const { key } = await loadMemoryEncryptionKey(context.secrets, context.settings.SecretName);
  return new AesGcmEncryptionProvider({ key, keyVersion: context.settings.KeyVersion });
}

/** The provider the runtime's memory stores are encrypted with: the registered factory's, else the current key's. */
export function openMemoryEncryption(
  resolver: ServiceResolver,
  settings: EncryptionSettings,
): Promise<EncryptionProvider> {
  const context = { secrets: resolver.tryGet(SecretStoreService) ?? secretStoreFor(settings), settings };
  const factory = resolver.tryGet(MemoryEncryptionProviderFactoryService);
  return factory === undefined ? currentMemoryEncryption(context) : factory.create(context);
}
