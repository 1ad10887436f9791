import { defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';
import { schemaNamePattern } from './postgres-schema.js';

export const postgresCheckpointingSettings = defineSettingsSection(
  'Svc:Checkpointing:Postgres',
  z.object({
    ConnectionString: z
      .string()
      .min(1)
      .optional()
      .describe(
        'PostgreSQL connection string, e.g. postgresql://orkeon@db.internal:5432/orkeon. Required by addPostgresCheckpointing. Secret: redacted from logs.',
      ),
    SchemaName: z
      .string()
      .regex(schemaNamePattern)
      .default('orkeon')
      .describe('Schema holding the sessions, session_versions and documents tables; created on first use.'),
    MaxHistoryPerSession: z
      .number()
      .int()
      .min(1)
      .default(1000)
      .describe('Versions kept per session; the oldest are deleted as new ones are saved.'),
  }),
  { description: 'The PostgreSQL checkpoint state store (@orkeon/store-postgres).' },
);
