import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

export const sqliteMemorySettings = defineSettingsSection(
  'Svc:Memory:Sqlite',
  z.object({
    Path: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The database file of the SQLite memory store, relative to the working directory. Default: the state file under orkeon run and serve (.orkeon/state.db beside the crew), else .orkeon/memory.db.',
      ),
  }),
  { description: 'The SQLite memory store (@orkeon/store-sqlite): Memory:Provider sqlite.' },
);

export type SqliteMemorySettings = SectionSettings<typeof sqliteMemorySettings>;
