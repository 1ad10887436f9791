import { z } from 'zod';

/**
 * The request bodies of Pinecone's data plane (API version 2026-07, JSON in camelCase) that
 * the contract server answers, as the client's generated `db_data` models give them. They are
 * strict: a field the contract server does not know is refused, and so are the fields of the
 * contract it does not implement (sparse vectors, query by id), so that a client sending
 * something new fails here instead of passing unnoticed.
 */

export const metadataValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export const metadataSchema = z.record(z.string().min(1), metadataValue);

export const upsertPayload = z.strictObject({
  vectors: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(512),
        values: z.array(z.number()),
        metadata: metadataSchema.optional(),
      }),
    )
    .min(1)
    .max(1000),
  namespace: z.string().optional(),
});

export const queryPayload = z.strictObject({
  namespace: z.string().optional(),
  topK: z.number().int().min(1).max(10_000),
  filter: z.record(z.string(), z.unknown()).optional(),
  includeValues: z.boolean().optional(),
  includeMetadata: z.boolean().optional(),
  vector: z.array(z.number()).min(1),
});

export const deletePayload = z.strictObject({
  ids: z.array(z.string().min(1)).min(1).max(1000).optional(),
  deleteAll: z.boolean().optional(),
  namespace: z.string().optional(),
  filter: z.record(z.string(), z.unknown()).optional(),
});

export const describeIndexStatsPayload = z.strictObject({
  filter: z.record(z.string(), z.unknown()).optional(),
});

export type PineconeMetadata = z.infer<typeof metadataSchema>;
