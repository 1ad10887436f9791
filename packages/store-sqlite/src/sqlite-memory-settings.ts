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
    VectorIndex: z
      .enum(['exact', 'hnsw'])
      .default('exact')
      .describe(
        'How vector searches find their rows: exact (scan every vector) or hnsw (an approximate graph built in the process on the first search past ApproximateFrom vectors; needs the usearch package installed).',
      ),
    ApproximateFrom: z
      .number()
      .int()
      .min(1)
      .default(10_000)
      .describe(
        'With VectorIndex hnsw: the number of vectors from which the graph is built; below it searches stay exact.',
      ),
  }),
  { description: 'The SQLite memory store (@orkeon/store-sqlite): Memory:Provider sqlite.' },
);

export type SqliteMemorySettings = SectionSettings<typeof sqliteMemorySettings>;
