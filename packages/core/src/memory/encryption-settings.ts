import { z } from 'zod';
import { defineSettingsSection, type SectionSettings } from '../config/settings-section.js';

/** Where encryption keys are read from: the environment, or an owner-only file. */
export const secretStoreKinds = ['environment', 'file'] as const;
export type SecretStoreKind = (typeof secretStoreKinds)[number];

/** `Svc:Encryption`: memory contents encrypted at rest. */
export const encryptionSettings = defineSettingsSection(
  'Svc:Encryption',
  z.object({
    Enabled: z
      .boolean()
      .default(false)
      .describe(
        'Encrypt the content of every memory (AES-256-GCM) in every store; embeddings and metadata stay readable so that vector recall and filters work.',
      ),
    SecretName: z
      .string()
      .trim()
      .min(1)
      .default('orkeon-encryption-key')
      .describe(
        'The secret that holds the key: 32 random bytes in base64 (`orkeon keys provision`, or `openssl rand -base64 32`). From the environment by default: ORKEON_SECRET_ORKEON_ENCRYPTION_KEY.',
      ),
    KeySizeInBits: z.literal(256).default(256).describe('The key size; AES-256 only.'),
    KeyVersion: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/)
      .default('1')
      .describe(
        "The version recorded with every content the key encrypts (property orkeon-key-version): letters, digits, '.', '_' and '-'. Give the new key a new version when rotating.",
      ),
    SecretStore: z
      .enum(secretStoreKinds)
      .default('environment')
      .describe(
        'Where the key is read from: environment (ORKEON_SECRET_<NAME> variables) or file (SecretFile, owner-only). A SecretStore service registered by the host wins over both.',
      ),
    SecretFile: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'With SecretStore file: the JSON file of secrets, mode 0600 (relative to the working directory). Default ~/.orkeon/secrets.json.',
      ),
  }),
  {
    description:
      'Encryption at rest of memory contents (see docs/memory.md#encryption-at-rest and docs/key-rotation.md).',
  },
);

export type EncryptionSettings = SectionSettings<typeof encryptionSettings>;
