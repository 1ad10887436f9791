import { z } from 'zod';

/**
 * The request bodies of ChromaDB's REST API v2 that the contract server answers, as the
 * server's OpenAPI document (and the client's generated `types.gen.ts`) give them. They are
 * strict: a field the contract does not know is refused, so that a client sending something
 * new fails here instead of passing unnoticed.
 */

const space = z.enum(['l2', 'cosine', 'ip']);
const include = z.enum(['distances', 'documents', 'embeddings', 'metadatas', 'uris']);
const ids = z.array(z.string()).min(1);
const scalar = z.union([z.string(), z.number(), z.boolean()]);
const metadataValue = z.union([scalar, z.array(z.string()), z.array(z.number()), z.array(z.boolean()), z.null()]);
export const metadataSchema = z.record(z.string().min(1), metadataValue);

export const createCollectionPayload = z.strictObject({
  name: z.string(),
  configuration: z
    .strictObject({
      hnsw: z
        .strictObject({
          space: space.nullish(),
          ef_construction: z.number().int().nullish(),
          ef_search: z.number().int().nullish(),
          max_neighbors: z.number().int().nullish(),
          resize_factor: z.number().nullish(),
          sync_threshold: z.number().int().nullish(),
        })
        .nullish(),
      // Recorded, so that a test can prove the client sent none.
      embedding_function: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  metadata: metadataSchema.nullish(),
  get_or_create: z.boolean().optional(),
  // The contract server keeps no index schema: a client that sends one is refused.
  schema: z.null().optional(),
});

const embeddings = z.union([z.array(z.array(z.number())).min(1), z.array(z.string()).min(1)]);

export const upsertPayload = z.strictObject({
  ids,
  embeddings,
  documents: z.array(z.string().nullable()).nullish(),
  metadatas: z.array(metadataSchema.nullable()).nullish(),
  uris: z.array(z.string().nullable()).nullish(),
});

export const getPayload = z.strictObject({
  ids: ids.nullish(),
  where: z.unknown().optional(),
  where_document: z.unknown().optional(),
  limit: z.number().int().min(0).nullish(),
  offset: z.number().int().min(0).nullish(),
  include: z.array(include).optional(),
});

export const queryPayload = z.strictObject({
  ids: ids.nullish(),
  include: z.array(include).optional(),
  n_results: z.number().int().min(1).nullish(),
  query_embeddings: z.array(z.array(z.number()).min(1)).min(1),
  where: z.unknown().optional(),
  where_document: z.unknown().optional(),
});

export const deletePayload = z.strictObject({
  ids: ids.nullish(),
  where: z.unknown().optional(),
  where_document: z.unknown().optional(),
  limit: z.number().int().min(0).nullish(),
});

export type ChromaSpace = z.infer<typeof space>;
export type ChromaInclude = z.infer<typeof include>;
export type ChromaMetadata = z.infer<typeof metadataSchema>;
