import {
  checkedEmbedding,
  type EmbeddingProvider,
  type LlmClient,
  type Logger,
  type MemoryItem,
  type MemoryProvider,
} from '@orkeon/core';
import type { CognitiveMemorySettings } from './cognitive-memory-settings.js';

/** What every cognitive operation works with, whichever store and scope it is given. */
export interface CognitiveParts {
  readonly embeddings: EmbeddingProvider;
  /** The client of the analysis model, at `AnalysisTemperature`. */
  readonly analyst: LlmClient;
  readonly settings: CognitiveMemorySettings;
  readonly logger: Logger;
  readonly now: () => Date;
}

/** One scope of one store: an operation reads, changes and deletes only memories carrying `scope`. */
export interface ScopedStore {
  readonly store: MemoryProvider;
  /** The scope tag (`memoryScopeTag`). */
  readonly scope: string;
}

/** Source of a memory cognitive memory kept. */
export const cognitiveSource = 'cognitive';
/** Source of a memory made by joining others (a Merge resolution, or consolidation). */
export const cognitiveMergeSource = 'cognitive-merge';

/** True when `item` belongs to the scope: the check before any change, beside the store's own filter. */
export function inScope(item: MemoryItem, scope: string): boolean {
  return item.metadata.tags.includes(scope);
}

/** The vector of one text; `MEMORY_ITEM_INVALID` when the provider gives none. */
export async function embedOne(embeddings: EmbeddingProvider, text: string): Promise<readonly number[]> {
  const [vector] = await embeddings.embed([text]);
  return checkedEmbedding(vector as readonly number[], `The vector '${embeddings.model}' gave`);
}

/** The key a memory of the scope is kept under when the caller gives none. */
export function cognitiveKey(scope: string, id: string): string {
  return `${scope}/cognitive/${id}`;
}
