import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';
import { schemaNamePattern } from './event-hub-tables.js';

/** `Svc:EventHub:Postgres`: the event hub shared through PostgreSQL. */
export const postgresEventHubSettings = defineSettingsSection(
  'Svc:EventHub:Postgres',
  z.object({
    ConnectionString: z
      .string()
      .min(1)
      .optional()
      .describe(
        'PostgreSQL connection string, e.g. postgresql://orkeon@db.internal:5432/orkeon. Required by addSvcPostgresEventHub; `orkeon run` uses the PostgreSQL hub when it is set.',
      ),
    SchemaName: z
      .string()
      .regex(schemaNamePattern)
      .default('orkeon')
      .describe(
        "Schema holding the hub's tables (event_hub_*), created on first use. Processes talk when they use the same database and schema.",
      ),
    LargeMessageRetentionSeconds: z
      .int()
      .min(1)
      .default(600)
      .describe(
        'How long a message too large for a notification (about 7.9 KB of JSON) stays readable by the processes it was sent to.',
      ),
  }),
  {
    description:
      'The event hub on PostgreSQL (@orkeon/event-hub-postgres): crews in different processes or on different hosts talk through LISTEN/NOTIFY and tables.',
  },
);

export type PostgresEventHubSettings = SectionSettings<typeof postgresEventHubSettings>;
