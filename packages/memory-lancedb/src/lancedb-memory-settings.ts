import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** Which LanceDB service a `db://` URI names: the hosted Cloud, or an Enterprise cluster of one's own. */
export const lanceDbDeployments = ['cloud', 'enterprise'] as const;
export type LanceDbDeployment = (typeof lanceDbDeployments)[number];

export const lanceDbMemorySettings = defineSettingsSection(
  'Svc:Memory:LanceDb',
  z.object({
    Uri: z
      .string()
      .trim()
      .min(1)
      .default('./.orkeon/lancedb')
      .describe(
        'Where the memories live: a folder (relative to the working directory; created when missing) for the embedded database, or db://<database> for LanceDB Cloud or Enterprise.',
      ),
    Table: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,128}$/, 'letters, digits, _, - and . (1 to 128 characters)')
      .default('orkeon_memories')
      .describe('The table of the memories; created with its full-text index when missing.'),
    Dimensions: z
      .number()
      .int()
      .positive()
      .max(65_536)
      .optional()
      .describe(
        'The length of every vector, as the embedding model makes them. Default: taken from the table, else from the first vector stored. A vector of another length is refused.',
      ),
    ApiKey: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('The LanceDB Cloud or Enterprise API key, sent as x-api-key. Required with a db:// URI. Never logged.'),
    Region: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'a region name such as us-east-1')
      .default('us-east-1')
      .describe('The LanceDB Cloud region of the database (db:// only).'),
    HostOverride: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        'The address of the LanceDB server, instead of the Cloud one of the region: required for Enterprise (db:// only).',
      ),
    Deployment: z
      .enum(lanceDbDeployments)
      .default('cloud')
      .describe(
        '`cloud` (hosted LanceDB Cloud) or `enterprise` (your own cluster, named by HostOverride); db:// only.',
      ),
    IndexThreshold: z
      .number()
      .int()
      .nonnegative()
      .default(10_000)
      .describe(
        'The number of vectors from which the store builds an approximate vector index (IVF_HNSW_SQ, cosine) by itself, and refreshes it once as many more have been written; below it searches are exact. 0: never by itself (createVectorIndex() still builds one).',
      ),
  }),
  {
    description:
      'The LanceDB memory store (@orkeon/memory-lancedb): Memory:Provider lancedb, embedded in a folder or on LanceDB Cloud / Enterprise.',
  },
);

export type LanceDbMemorySettings = SectionSettings<typeof lanceDbMemorySettings>;
