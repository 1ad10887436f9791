import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';
import { defaultMemoryTableName, memoryTableNamePattern } from './memory-table-names.js';
import { pgvectorMaximumDimensions, postgresVectorIndexKinds } from './vector-storage.js';

export const postgresMemorySettings = defineSettingsSection(
  'Svc:Memory:Postgres',
  z.object({
    ConnectionString: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'PostgreSQL connection URL, e.g. postgresql://orkeon:secret@db.internal:5432/orkeon. Required by addSvcPostgresMemory. Secret: never logged or shown in errors.',
      ),
    Table: z
      .string()
      .regex(memoryTableNamePattern)
      .default(defaultMemoryTableName)
      .describe(
        'The memory table, created on first use, optionally after its schema (memory.items): lower-case letters, digits and _, up to 48 characters. Beside it: <table>_schema_version.',
      ),
    Dimensions: z
      .number()
      .int()
      .min(1)
      .max(pgvectorMaximumDimensions)
      .optional()
      .describe(
        "The length of the vectors (the embedding model's, e.g. 384). Default: the length of the first vector stored, which then fixes the column and builds the index. A vector of another length is refused.",
      ),
    VectorIndex: z
      .enum(postgresVectorIndexKinds)
      .default('hnsw')
      .describe(
        'hnsw: pgvector HNSW index (vector_cosine_ops), approximate and fast. none: no index, every similarity search reads every vector (exact). Without pgvector on the server the search is always exact.',
      ),
    MaxConnections: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe(
        "Connections of the store's pool. Each Orkeon process holds up to this many; keep processes × MaxConnections under the server's max_connections. 1 for PGlite's socket server.",
      ),
  }),
  { description: 'The PostgreSQL memory store (@orkeon/memory-postgres): Memory:Provider postgres (or pgvector).' },
);

export type PostgresMemorySettings = SectionSettings<typeof postgresMemorySettings>;
