import { z } from 'zod';
import { defineSettingsSection } from '../../config/settings-section.js';

export const delegationSettings = defineSettingsSection(
  'Svc:Delegation',
  z.object({
    MaxDepth: z
      .int()
      .min(1)
      .max(5)
      .default(2)
      .describe(
        'How deep delegation may go: 1 lets a task’s agent ask coworkers, who then cannot ask others; 2 lets those ask once more.',
      ),
  }),
  { description: 'The collaboration tools ask_question_to_coworker and delegate_work_to_coworker.' },
);
