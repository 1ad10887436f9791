import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';
import { defaultMaxRepairAttempts } from './output-validation.js';

export const outputValidationSettings = defineSettingsSection(
  'Svc:Security:OutputValidation',
  z.object({
    MaxRepairAttempts: z
      .number()
      .int()
      .min(0)
      .max(10)
      .default(defaultMaxRepairAttempts)
      .describe(
        "How often an answer that breaks its task's output rules is sent back with the reasons before the task fails; a task's outputValidation.maxRepairAttempts wins.",
      ),
  }),
  { description: "Output validation: what happens when an answer breaks its task's output rules." },
);
