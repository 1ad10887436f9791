import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const crewExecutionStatePersistenceSettings = defineSettingsSection(
  'Svc:ExecutionState:Persistence',
  z.object({
    Enabled: z
      .boolean()
      .default(false)
      .describe(
        'Persist every crew execution state transition through the registered DocumentStore (collection crew-executions). Without it states live in memory only.',
      ),
    DeleteFromStoreOnArchive: z
      .boolean()
      .default(false)
      .describe('Delete a state from the store when it is archived, instead of keeping it with status Archived.'),
  }),
  {
    description:
      'Durable crew execution state (Beta): documents of the collection crew-executions in the document store, apart from checkpoints.',
  },
);
