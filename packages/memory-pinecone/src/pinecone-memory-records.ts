import { type MemoryFilter, type MemoryItem, memoryTypes } from '@orkeon/core';
import type { PineconeRecord, RecordMetadata } from '@pinecone-database/pinecone';
import { z } from 'zod';

/**
 * How a memory is laid out in a Pinecone record: its vector is the record's values, and the
 * metadata holds its content, the rest of the memory as JSON (`orkeon_memory`), the values a
 * filter reads (`type`, `source`, `importance`, `tags` as a list of strings), and whether the
 * values are the memory's own vector (`orkeon_vector`). Pinecone keeps a dense vector of the
 * index's dimension for every record and refuses one of zeros only, so a memory stored without
 * a vector gets the placeholder [1, 0, …, 0] and `orkeon_vector` = false, which every vector
 * search filters out. An upsert replaces a record's metadata whole.
 */
const memoryKey = 'orkeon_memory';
const vectorKey = 'orkeon_vector';

/** What Pinecone keeps of metadata per record. */
export const pineconeMetadataLimitBytes = 40 * 1024;

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

/** The record of `item` under `key`, with the placeholder vector of `dimension` when it has none. */
export function pineconeRecordOf(key: string, item: MemoryItem, dimension: number): PineconeRecord {
  const stored = { id: item.id, type: item.type, importance: item.importance, metadata: item.metadata };
  const metadata: RecordMetadata = {
    [memoryKey]: JSON.stringify(stored),
    content: item.content,
    type: item.type,
    source: item.metadata.source,
    importance: item.importance,
    [vectorKey]: item.embedding !== undefined,
  };
  // An empty list is left out: a filter on a tag then simply does not match.
  if (item.metadata.tags.length > 0) metadata.tags = [...new Set(item.metadata.tags)];
  return { id: key, values: item.embedding === undefined ? placeholder(dimension) : [...item.embedding], metadata };
}

/** The bytes of metadata a record carries, as Pinecone counts them against its limit (its JSON). */
export function metadataBytes(record: PineconeRecord): number {
  return Buffer.byteLength(JSON.stringify(record.metadata ?? {}), 'utf8');
}

/** The Pinecone filter keeping the memories with a vector that `filter` keeps. */
export function pineconeFilterOf(filter: MemoryFilter | undefined): object {
  const conditions: object[] = [{ [vectorKey]: { $eq: true } }];
  if (filter?.type !== undefined) conditions.push({ type: { $eq: filter.type } });
  if (filter?.source !== undefined) conditions.push({ source: { $eq: filter.source } });
  // A list field matches `$in` when any of its values is listed: one condition per tag asks for all.
  for (const tag of new Set(filter?.tags ?? [])) conditions.push({ tags: { $in: [tag] } });
  return conditions.length === 1 ? (conditions[0] as object) : { $and: conditions };
}

/** A record read back as a memory; undefined when it holds none (written by something else). */
export function memoryFromRecord(record: PineconeRecord): MemoryItem | undefined {
  const json = record.metadata?.[memoryKey];
  const content = record.metadata?.content;
  if (typeof json !== 'string' || typeof content !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const stored = storedMemorySchema.safeParse(parsed);
  if (!stored.success) return undefined;
  const ownVector = record.metadata?.[vectorKey] === true && record.values !== undefined;
  return { ...stored.data, content, ...(ownVector ? { embedding: [...(record.values ?? [])] } : {}) };
}

function placeholder(dimension: number): number[] {
  return Array.from({ length: dimension }, (_, index) => (index === 0 ? 1 : 0));
}
