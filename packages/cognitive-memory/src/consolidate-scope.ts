import { cosineSimilarity, createMemoryItem, type MemoryItem, type ScoredMemoryItem } from '@orkeon/core';
import {
  type CognitiveParts,
  cognitiveKey,
  cognitiveMergeSource,
  embedOne,
  inScope,
  type ScopedStore,
} from './cognitive-parts.js';

/** What a consolidation did to one crew's memories. */
export interface ConsolidationResult {
  /** Memories joined into new ones (each counted once; they are deleted). */
  readonly mergedCount: number;
  /** Memories deleted as old and trivial. */
  readonly prunedCount: number;
  /** Memories left as they were. */
  readonly unchangedCount: number;
  /** The ids of the memories the merges made. */
  readonly createdMemoryIds: readonly string[];
}

/** When a memory is pruned and when two are near-duplicates. */
export interface ConsolidationRules {
  /** Cosine similarity from which two memories of one type are near-duplicates and merged; default 0.9. */
  readonly mergeSimilarity: number;
  /** A memory below this importance… (default 0.1) */
  readonly pruneBelowImportance: number;
  /** …and at least this many days old is pruned (default 30). */
  readonly pruneAfterDays: number;
  /** The most memories of the scope one consolidation reads (default 1000). */
  readonly scanLimit: number;
}

export const defaultConsolidationRules: ConsolidationRules = {
  mergeSimilarity: 0.9,
  pruneBelowImportance: 0.1,
  pruneAfterDays: 30,
  scanLimit: 1000,
};

const dayMilliseconds = 86_400_000;

/**
 * Prunes the scope's old trivial memories, then merges its near-duplicates: each
 * memory, most important first, gathers the not-yet-gathered memories of its type at
 * `mergeSimilarity` or more; a group of two or more becomes one memory (contents
 * oldest first, joined with " | " and repeats dropped; the highest importance; the
 * newest date; every tag; source `cognitive-merge`), written before the group is
 * deleted. Only memories carrying the scope tag are read or touched.
 */
export async function consolidateScope(
  parts: CognitiveParts,
  place: ScopedStore,
  rules: ConsolidationRules,
): Promise<ConsolidationResult> {
  const memories = await scopeMemories(parts, place, rules.scanLimit);
  const now = parts.now().getTime();
  let prunedCount = 0;
  const kept: ScoredMemoryItem[] = [];
  for (const hit of memories) {
    const age = now - Date.parse(hit.item.metadata.createdAt);
    if (hit.item.importance < rules.pruneBelowImportance && age >= rules.pruneAfterDays * dayMilliseconds) {
      if (await place.store.delete(hit.key)) prunedCount++;
    } else kept.push(hit);
  }
  const vectors = await vectorsOf(parts, kept);
  const order = kept
    .map((_, index) => index)
    .sort((a, b) => {
      const [first, second] = [kept[a]?.item, kept[b]?.item];
      return (
        (second?.importance ?? 0) - (first?.importance ?? 0) ||
        (second?.metadata.createdAt ?? '').localeCompare(first?.metadata.createdAt ?? '')
      );
    });
  const gathered = new Set<number>();
  const createdMemoryIds: string[] = [];
  let mergedCount = 0;
  for (const leader of order) {
    if (gathered.has(leader)) continue;
    const group = order.filter(
      (other) =>
        other === leader ||
        (!gathered.has(other) &&
          kept[other]?.item.type === kept[leader]?.item.type &&
          cosineSimilarity(vectors[leader] ?? [], vectors[other] ?? []) >= rules.mergeSimilarity),
    );
    for (const member of group) gathered.add(member);
    if (group.length < 2) continue;
    const members = group.map((index) => kept[index] as ScoredMemoryItem);
    const merged = mergedGroup(members, parts.now());
    await place.store.storeWithEmbedding(
      cognitiveKey(place.scope, merged.id),
      merged,
      await embedOne(parts.embeddings, merged.content),
    );
    for (const member of members) await place.store.delete(member.key);
    mergedCount += members.length;
    createdMemoryIds.push(merged.id);
  }
  return { mergedCount, prunedCount, unchangedCount: kept.length - mergedCount, createdMemoryIds };
}

/**
 * Every memory of the scope, up to `limit`. The store port has no listing, so this is a
 * vector search that lets every similarity through (from -1), filtered on the scope tag.
 */
async function scopeMemories(parts: CognitiveParts, place: ScopedStore, limit: number): Promise<ScoredMemoryItem[]> {
  const probe = await embedOne(parts.embeddings, 'memory');
  const found = await place.store.searchSimilar(probe, { topK: limit, minScore: -1, filter: { tags: [place.scope] } });
  if (found.length >= limit)
    parts.logger.warn(
      { scope: place.scope, limit },
      'cognitive memory consolidated only the first memories of the scope it could read; run it again for the rest',
    );
  return found.filter((hit) => inScope(hit.item, place.scope));
}

/** Each memory's vector: the stored one, else its content embedded (stores need not return vectors). */
async function vectorsOf(parts: CognitiveParts, memories: readonly ScoredMemoryItem[]): Promise<(readonly number[])[]> {
  const missing = memories.filter((hit) => hit.item.embedding === undefined);
  const embedded = missing.length === 0 ? [] : await parts.embeddings.embed(missing.map((hit) => hit.item.content));
  let next = 0;
  return memories.map((hit) => hit.item.embedding ?? embedded[next++] ?? []);
}

function mergedGroup(members: readonly ScoredMemoryItem[], now: Date): MemoryItem {
  const items = members.map((hit) => hit.item);
  const oldestFirst = [...items].sort((a, b) => a.metadata.createdAt.localeCompare(b.metadata.createdAt));
  const leader = items[0] as MemoryItem;
  const contents = [...new Set(oldestFirst.map((item) => item.content.trim()))];
  const newest = oldestFirst.at(-1)?.metadata.createdAt ?? now.toISOString();
  return createMemoryItem(
    {
      content: contents.join(' | '),
      type: leader.type,
      importance: Math.max(...items.map((item) => item.importance)),
      metadata: {
        createdAt: newest,
        source: cognitiveMergeSource,
        tags: [...new Set(items.flatMap((item) => item.metadata.tags))],
        accessCount: items.reduce((sum, item) => sum + item.metadata.accessCount, 0),
        customProperties: { ...leader.metadata.customProperties, mergedFrom: items.map((item) => item.id) },
        ...(leader.metadata.createdBy === undefined ? {} : { createdBy: leader.metadata.createdBy }),
      },
    },
    now,
  );
}
