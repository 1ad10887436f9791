import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:KeyRotation`: rotating the key of encrypted memories (reference brief §11, item 6; Beta). */
export const keyRotationSettings = defineSettingsSection(
  'Svc:KeyRotation',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('Whether addSvcKeyRotation registers key rotation; false registers nothing.'),
    PreviousSecretName: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The secret of the key being retired (the one Svc:Encryption:SecretName replaces): memory stores still open contents it sealed while every write uses the new key, and orkeon keys rotate re-encrypts from it to the new key. Remove it once the rotation has completed.',
      ),
    BatchSize: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(100)
      .describe('Entries read and written per batch by a rotation.'),
    ContinueOnUnreadableEntries: z
      .boolean()
      .default(false)
      .describe(
        'Leave entries that open with neither key as they are and list them in the result, instead of failing the rotation (which then rolls back).',
      ),
  }),
  {
    description:
      'Key rotation (@orkeon/key-rotation, Beta): re-encrypts memory contents from a retired key to the current one of Svc:Encryption (see docs/key-rotation.md).',
  },
);

export type KeyRotationSettings = SectionSettings<typeof keyRotationSettings>;
