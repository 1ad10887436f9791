import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const crewExecutionStatePersistenceSettings = defineSettingsSection(
  'Svc:ExecutionState:Persistence',
  z.object({
    Enabled: z
      .boolean()
      .default(false)
      .describe(
        'Persist every crew execution state transition through the registered checkpoint StateStore. Without it states live in memory only.',
      ),
    DeleteFromStoreOnArchive: z
      .boolean()
      .default(false)
      .describe('Delete a state from the store when it is archived, instead of keeping it with status Archived.'),
  }),
  { description: 'Durable crew execution state (Beta): keys carry the prefix crew-exec: in the checkpoint store.' },
);
