import type { MemoryLayer, MemoryLayerRecallRequest, MemoryLayerRememberRequest, ScoredMemoryItem } from '@orkeon/core';
import type { CognitiveParts } from './cognitive-parts.js';
import { recallInScope } from './recall-in-scope.js';
import { rememberInScope } from './remember-in-scope.js';

/**
 * Cognitive memory as core's `MemoryLayer`: crews with `memory: true` keep each result
 * through analysis and the contradiction check, and recall by composite score, in the
 * store and scope crew memory gives. Crew memory's `MinScore` (a cosine similarity)
 * bounds the vector search; the composite score is then cut at 0.1.
 */
export class CognitiveMemoryLayer implements MemoryLayer {
  readonly #parts: CognitiveParts;

  constructor(parts: CognitiveParts) {
    this.#parts = parts;
  }

  async remember(request: MemoryLayerRememberRequest): Promise<void> {
    const { item, scope } = request;
    // The scope tag is what keeps scopes apart: a memory kept here always carries it.
    const scoped = item.metadata.tags.includes(scope)
      ? item
      : { ...item, metadata: { ...item.metadata, tags: [scope, ...item.metadata.tags] } };
    await rememberInScope(
      this.#parts,
      { store: request.store, scope },
      { key: request.key, item: scoped, context: request.context },
    );
  }

  async recall(request: MemoryLayerRecallRequest): Promise<ScoredMemoryItem[]> {
    if (request.limit < 1) return [];
    return recallInScope(this.#parts, { store: request.store, scope: request.scope }, request.query, {
      topK: request.limit,
      minSimilarity: request.minScore,
    });
  }
}
