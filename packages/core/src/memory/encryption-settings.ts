import { z } from 'zod';
import { defineSettingsSection, type SectionSettings } from '../config/settings-section.js';

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
        'The secret that holds the key: 32 random bytes in base64 (`openssl rand -base64 32`). From the environment by default: ORKEON_SECRET_ORKEON_ENCRYPTION_KEY.',
      ),
    KeySizeInBits: z.literal(256).default(256).describe('The key size; AES-256 only.'),
  }),
  { description: 'Encryption at rest of memory contents (see docs/memory.md#encryption-at-rest).' },
);

export type EncryptionSettings = SectionSettings<typeof encryptionSettings>;
