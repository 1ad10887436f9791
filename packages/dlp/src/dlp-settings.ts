import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:Dlp`: data-loss prevention (reference brief §11, item 4). */
export const dlpSettings = defineSettingsSection(
  'Svc:Dlp',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('Whether addSvcDlp registers the PII detector; false leaves data-loss prevention off.'),
  }),
  {
    description:
      'Data-loss prevention (@orkeon/dlp, experimental): the PII detector that output validation’s forbiddenPii rule uses.',
  },
);

export type DlpSettings = SectionSettings<typeof dlpSettings>;
