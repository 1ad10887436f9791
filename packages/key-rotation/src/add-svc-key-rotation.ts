import {
  type Configuration,
  ConfigurationError,
  createLogger,
  currentMemoryEncryption,
  encryptionSettings,
  type Logger,
  type MemoryEncryptionProviderFactory,
  MemoryEncryptionProviderFactoryService,
  type ServiceCollection,
} from '@orkeon/core';
import { keyProviderFromSecret } from './key-provider-from-secret.js';
import { keyRotationSettings } from './key-rotation-settings.js';
import { KeyRotator, KeyRotatorService } from './key-rotator.js';
import { KeyTransitionEncryptionProvider } from './key-transition-encryption-provider.js';

export interface AddSvcKeyRotationOptions {
  /** Where the warning about a previous key without `Svc:Encryption` goes; default a new logger. */
  readonly logger?: Logger;
}

/**
 * Enables key rotation from `Svc:KeyRotation` (read and checked now, so a bad setting refuses
 * the start; Beta). Registers, with `tryAdd` so that a host's own stay:
 * - `KeyRotatorService`, a `KeyRotator` with the section's `BatchSize` and
 *   `ContinueOnUnreadableEntries` (what `orkeon keys rotate` runs);
 * - with `PreviousSecretName`, the encryption of the runtime's memory stores: every write is
 *   sealed with the current key of `Svc:Encryption`, and a content the current key does not
 *   open is opened with the previous one, so nothing is unreadable between switching keys and
 *   rotating. Without this, contents of the previous key fail with `MEMORY_DECRYPTION_FAILED`.
 * `Enabled: false` registers nothing.
 *
 * @beta The API may change before v1.
 */
export function addSvcKeyRotation(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcKeyRotationOptions = {},
): ServiceCollection {
  const settings = configuration.get(keyRotationSettings);
  if (!settings.Enabled) return services;
  const encryption = configuration.get(encryptionSettings);
  const previous = settings.PreviousSecretName;
  if (previous !== undefined && previous === encryption.SecretName)
    throw new ConfigurationError([
      {
        key: `${keyRotationSettings.path}:PreviousSecretName`,
        message: `Setting '${keyRotationSettings.path}:PreviousSecretName' is '${previous}', the secret of the current key (Svc:Encryption:SecretName): name the secret of the key being retired, and put the new key's secret in Svc:Encryption:SecretName.`,
      },
    ]);
  services.tryAddSingleton(
    KeyRotatorService,
    () =>
      new KeyRotator({
        batchSize: settings.BatchSize,
        continueOnUnreadableEntries: settings.ContinueOnUnreadableEntries,
      }),
  );
  if (previous === undefined) return services;
  if (!encryption.Enabled)
    (options.logger ?? createLogger()).warn(
      `${keyRotationSettings.path}:PreviousSecretName is set while Svc:Encryption:Enabled is false: memories are not encrypted, so no store reads the previous key.`,
    );
  services.tryAddInstance(MemoryEncryptionProviderFactoryService, keyTransition(previous));
  return services;
}

/** The current key of `Svc:Encryption`, and `previousSecretName`'s for reading what it sealed. */
function keyTransition(previousSecretName: string): MemoryEncryptionProviderFactory {
  return {
    async create(context) {
      const current = await currentMemoryEncryption(context);
      const previous = await keyProviderFromSecret(context.secrets, previousSecretName, {
        role: 'the retired key (Svc:KeyRotation:PreviousSecretName)',
        keyVersion: 'previous',
      });
      return new KeyTransitionEncryptionProvider(current, previous);
    },
  };
}
