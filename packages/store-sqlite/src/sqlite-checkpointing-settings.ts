import { defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

/** When SQLite waits for the disk: `normal` syncs at WAL checkpoints, `full` at every commit. */
export const sqliteSynchronousModes = ['normal', 'full'] as const;
export type SqliteSynchronousMode = (typeof sqliteSynchronousModes)[number];

export const sqliteCheckpointingSettings = defineSettingsSection(
  'Svc:Checkpointing:Sqlite',
  z.object({
    Synchronous: z
      .enum(sqliteSynchronousModes)
      .default('normal')
      .describe(
        '`normal`: a crash of the process loses nothing, a power cut may lose the latest writes, the file is never corrupted. `full`: every write waits for the disk (several times slower).',
      ),
  }),
  { description: 'The SQLite checkpoint state store (@orkeon/store-sqlite), used when no PostgreSQL is configured.' },
);
