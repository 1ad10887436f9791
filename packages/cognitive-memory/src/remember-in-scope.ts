import { checkedMemoryItem, type MemoryItem, type ScoredMemoryItem } from '@orkeon/core';
import { CognitiveMemoryAnswerInvalidError } from './cognitive-memory-errors.js';
import {
  type CognitiveParts,
  cognitiveMergeSource,
  cognitiveSource,
  embedOne,
  inScope,
  type ScopedStore,
} from './cognitive-parts.js';
import { type ContradictionCheck, checkAgainst } from './contradiction-check.js';
import { analyseMemory, type MemoryAnalysis } from './memory-analysis.js';

/** A memory to keep: where, what (content, type, tags with the scope tag, date), and where it came from. */
export interface RememberInput {
  readonly key: string;
  readonly item: MemoryItem;
  readonly context?: string | undefined;
}

/** What `remember` did. */
export interface RememberResult {
  /** Where `item` is kept. */
  readonly key: string;
  /** The memory kept; with `KeepExisting`, the existing memory the new one gave way to. */
  readonly item: MemoryItem;
  /** False when nothing was written (`KeepExisting`). */
  readonly stored: boolean;
  /** The model's analysis; undefined when analysis is off or its answer was unusable. */
  readonly analysis: MemoryAnalysis | undefined;
  /** The contradiction check; undefined when the check is off or its answer was unusable. */
  readonly contradiction: ContradictionCheck | undefined;
  /** The memories removed: replaced by the new one (`KeepNew`) or joined into it (`Merge`). */
  readonly deletedKeys: readonly string[];
}

/** The custom property that says the analysis answer was unusable and defaults were kept. */
export const analysisUnavailable = { analysis: 'unavailable' } as const;

/**
 * Analyses, checks and keeps one memory in its scope. An unusable model answer never
 * loses the memory: without an analysis it is kept with its own importance (marked
 * `analysis: 'unavailable'`), without a verdict it is kept beside the others; each
 * costs a warning. The new memory is written before any other is deleted.
 */
export async function rememberInScope(
  parts: CognitiveParts,
  place: ScopedStore,
  input: RememberInput,
): Promise<RememberResult> {
  const { settings } = parts;
  const analysis = settings.EnableLlmAnalysis ? await analysisOrNone(parts, input) : undefined;
  const vector = await embedOne(parts.embeddings, input.item.content);
  const candidates = settings.EnableContradictionDetection ? await candidatesFor(parts, place, input.key, vector) : [];
  const contradiction = settings.EnableContradictionDetection
    ? await verdictOrNone(parts, input.item.content, candidates)
    : undefined;
  const analysed = withAnalysis(input, analysis, settings.EnableLlmAnalysis);
  const conflicting =
    contradiction?.hasContradiction === true
      ? candidates.filter((hit) => contradiction.conflictingMemoryIds.includes(hit.item.id))
      : [];
  const result = { analysis, contradiction };
  const action = conflicting.length === 0 ? 'KeepBoth' : (contradiction?.recommendedAction ?? 'KeepBoth');
  switch (action) {
    case 'KeepExisting': {
      const [existing] = conflicting as [ScoredMemoryItem];
      return { ...result, key: existing.key, item: existing.item, stored: false, deletedKeys: [] };
    }
    case 'KeepNew': {
      await place.store.storeWithEmbedding(input.key, analysed, vector);
      const deletedKeys = await deleteAll(place, conflicting, input.key);
      return { ...result, key: input.key, item: analysed, stored: true, deletedKeys };
    }
    case 'Merge': {
      const merged = mergedWith(analysed, conflicting);
      await place.store.storeWithEmbedding(input.key, merged, await embedOne(parts.embeddings, merged.content));
      const deletedKeys = await deleteAll(place, conflicting, input.key);
      return { ...result, key: input.key, item: merged, stored: true, deletedKeys };
    }
    case 'KeepBoth': {
      await place.store.storeWithEmbedding(input.key, analysed, vector);
      return { ...result, key: input.key, item: analysed, stored: true, deletedKeys: [] };
    }
  }
}

/** The scope's memories nearest the new one, the new one's own key left out (a memory replaced, not contradicted). */
export async function candidatesFor(
  parts: CognitiveParts,
  place: ScopedStore,
  ownKey: string | undefined,
  vector: readonly number[],
): Promise<ScoredMemoryItem[]> {
  const count = parts.settings.ContradictionCandidateCount;
  const found = await place.store.searchSimilar(vector, { topK: count + 1, filter: { tags: [place.scope] } });
  return found.filter((hit) => hit.key !== ownKey && inScope(hit.item, place.scope)).slice(0, count);
}

async function analysisOrNone(parts: CognitiveParts, input: RememberInput): Promise<MemoryAnalysis | undefined> {
  try {
    return await analyseMemory(parts.analyst, input.item.content, input.context, parts.settings.AnalysisTemperature);
  } catch (error) {
    if (!CognitiveMemoryAnswerInvalidError.isInstance(error)) throw error;
    parts.logger.warn(
      { err: error, key: input.key },
      'cognitive memory keeps the memory without an analysis: the model’s answer was unusable',
    );
    return undefined;
  }
}

async function verdictOrNone(
  parts: CognitiveParts,
  content: string,
  candidates: readonly ScoredMemoryItem[],
): Promise<ContradictionCheck | undefined> {
  try {
    return await checkAgainst(parts.analyst, content, candidates, parts.settings.AnalysisTemperature);
  } catch (error) {
    if (!CognitiveMemoryAnswerInvalidError.isInstance(error)) throw error;
    parts.logger.warn(
      { err: error },
      'cognitive memory keeps the memory beside the others, deleting none: the contradiction check’s answer was unusable',
    );
    return undefined;
  }
}

/** The memory as cognitive memory keeps it: source `cognitive`, the analysis as importance, tags and custom properties. */
function withAnalysis(input: RememberInput, analysis: MemoryAnalysis | undefined, asked: boolean): MemoryItem {
  const { item, context } = input;
  const tags = [...item.metadata.tags];
  for (const tag of analysis?.suggestedTags ?? []) {
    // `scope:` tags decide who sees a memory: a model never chooses one.
    if (!tag.toLowerCase().startsWith('scope:') && !tags.includes(tag)) tags.push(tag);
  }
  return checkedMemoryItem({
    ...item,
    importance: analysis?.importance ?? item.importance,
    metadata: {
      ...item.metadata,
      source: cognitiveSource,
      tags,
      customProperties: {
        ...item.metadata.customProperties,
        ...analysisProperties(analysis, asked),
        ...(context === undefined ? {} : { context }),
      },
    },
  });
}

/** The analysis as custom properties; the `unavailable` mark when it was asked for and not given. */
function analysisProperties(analysis: MemoryAnalysis | undefined, asked: boolean): Record<string, unknown> {
  if (analysis !== undefined)
    return { category: analysis.category, summary: analysis.summary, keyEntities: analysis.keyEntities };
  return asked ? analysisUnavailable : {};
}

/** The new memory joined after the ones it contradicts, oldest first, with " | ". */
function mergedWith(item: MemoryItem, conflicting: readonly ScoredMemoryItem[]): MemoryItem {
  const older = [...conflicting].sort((a, b) => a.item.metadata.createdAt.localeCompare(b.item.metadata.createdAt));
  const tags = [...new Set([...item.metadata.tags, ...older.flatMap((hit) => hit.item.metadata.tags)])];
  const { embedding: _, ...rest } = item;
  return checkedMemoryItem({
    ...rest,
    content: [...older.map((hit) => hit.item.content), item.content].join(' | '),
    importance: Math.max(item.importance, ...older.map((hit) => hit.item.importance)),
    metadata: {
      ...item.metadata,
      source: cognitiveMergeSource,
      tags,
      customProperties: { ...item.metadata.customProperties, mergedFrom: older.map((hit) => hit.item.id) },
    },
  });
}

/** Deletes the conflicting memories of the scope (never the key just written); the keys deleted. */
async function deleteAll(
  place: ScopedStore,
  conflicting: readonly ScoredMemoryItem[],
  kept: string,
): Promise<string[]> {
  const deleted: string[] = [];
  for (const hit of conflicting) {
    if (hit.key === kept || !inScope(hit.item, place.scope)) continue;
    if (await place.store.delete(hit.key)) deleted.push(hit.key);
  }
  return deleted;
}
