import { type MemoryFilter, type MemoryItem, memoryTypes } from '@orkeon/core';
import type { Metadata, Where } from 'chromadb';
import { z } from 'zod';

/**
 * How a memory is laid out in a ChromaDB record: its content is the record's document, its
 * vector the record's embedding, and its metadata holds the rest of the memory as JSON
 * (`orkeon_memory`) beside the scalars a `where` filters on: `type`, `source`, `importance`
 * and one `tag:<tag>` = true per tag (ChromaDB metadata values are scalars, and a boolean
 * key per tag makes "carries every one of these tags" an `$and` of equalities that every
 * ChromaDB version evaluates). ChromaDB merges the metadata of an upserted record into what
 * it held, and the client cannot send the null that would remove a key, so a tag the memory
 * no longer carries is set to false instead.
 */
const memoryKey = 'orkeon_memory';
const tagKeyPrefix = 'tag:';

const storedMemorySchema = z.object({
  id: z.string(),
  type: z.enum(memoryTypes),
  importance: z.number(),
  metadata: z.object({
    createdAt: z.string(),
    lastAccessedAt: z.string().exactOptional(),
    source: z.string(),
    relevance: z.number().exactOptional(),
    tags: z.array(z.string()),
    createdBy: z.string().exactOptional(),
    accessCount: z.number(),
    customProperties: z.record(z.string(), z.unknown()),
  }),
});

/** The record metadata of `item`, replacing `previous` (what the record held, if anything). */
export function chromaMetadataOf(item: MemoryItem, previous?: Metadata | null): Metadata {
  const stored = { id: item.id, type: item.type, importance: item.importance, metadata: item.metadata };
  const metadata: Metadata = {
    [memoryKey]: JSON.stringify(stored),
    type: item.type,
    source: item.metadata.source,
    importance: item.importance,
  };
  for (const [key, value] of Object.entries(previous ?? {}))
    if (key.startsWith(tagKeyPrefix) && value === true) metadata[key] = false;
  for (const tag of item.metadata.tags) metadata[`${tagKeyPrefix}${tag}`] = true;
  return metadata;
}

/** The `where` that keeps the memories `filter` keeps; undefined when it keeps them all. */
export function chromaWhereOf(filter: MemoryFilter | undefined): Where | undefined {
  const conditions: Where[] = [];
  if (filter?.type !== undefined) conditions.push({ type: { $eq: filter.type } });
  if (filter?.source !== undefined) conditions.push({ source: { $eq: filter.source } });
  for (const tag of new Set(filter?.tags ?? [])) conditions.push({ [`${tagKeyPrefix}${tag}`]: { $eq: true } });
  // ChromaDB wants one operator per object and at least two operands under `$and`.
  if (conditions.length <= 1) return conditions[0];
  return { $and: conditions };
}

/** A record read back as a memory; undefined when it holds none (written by something else). */
export function memoryFromRecord(
  document: string | null | undefined,
  metadata: Metadata | null | undefined,
  embedding: readonly number[] | undefined,
): MemoryItem | undefined {
  const json = metadata?.[memoryKey];
  if (typeof document !== 'string' || typeof json !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const stored = storedMemorySchema.safeParse(parsed);
  if (!stored.success) return undefined;
  return { ...stored.data, content: document, ...(embedding === undefined ? {} : { embedding: [...embedding] }) };
}
