import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const auditSettings = defineSettingsSection(
  'Svc:Security:Audit',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe(
        'One record per Guardian decision, permission-gate decision and tool execution, in the store the runtime uses. false records nothing.',
      ),
    RetentionDays: z
      .number()
      .int()
      .min(1)
      .max(36_500)
      .default(90)
      .describe('Records older than this many days are removed, once when the trail opens and once a day after.'),
  }),
  { description: 'The audit trail: who ran which tool and what the Guardian and the permission gate decided.' },
);
