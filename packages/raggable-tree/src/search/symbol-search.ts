import type { EmbeddingProvider } from '@orkeon/core';
import type { CodeGraph } from '../graph/code-graph.js';
import type { SymbolNode } from '../graph/graph-nodes.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import { cosine, decodeVector } from './vectors.js';
import { WordScorer } from './word-scorer.js';

/** Candidates each half of a hybrid search hands to the fusion. */
const candidateCount = 50;

export interface SymbolSearchFilter {
  /** Keep only symbols this accepts (a kind, a package, a folder). */
  readonly accept?: (symbol: SymbolNode) => boolean;
}

export interface SymbolHit {
  readonly symbol: SymbolNode;
  /** The fused score (reciprocal rank fusion), or the word score alone. */
  readonly score: number;
  /** Its rank by words and by vector, from 1, when it was among their candidates. */
  readonly wordRank?: number;
  readonly vectorRank?: number;
}

export interface SymbolSearchResult {
  readonly hits: readonly SymbolHit[];
  /** `hybrid`: words and vectors fused by reciprocal rank; `words`: no vectors to search. */
  readonly mode: 'hybrid' | 'words';
  /** Why vectors were not searched, when a provider exists but could not be used. */
  readonly note?: string;
}

const searches = new WeakMap<CodeGraph, SymbolSearch>();

/**
 * Hybrid code search over a graph's symbols: BM25 over their names (split at case
 * changes), enclosing types, signatures, doc comments and files, and cosine similarity
 * of their summary vectors to the question's, fused by reciprocal rank.
 */
export class SymbolSearch {
  readonly #symbols: readonly SymbolNode[];
  readonly #words = new WordScorer();
  readonly #graph: CodeGraph;
  #vectors: (Float32Array | undefined)[] | undefined;

  private constructor(graph: CodeGraph) {
    this.#graph = graph;
    this.#symbols = [...graph.symbols.values()];
    for (const symbol of this.#symbols)
      this.#words.add([
        { text: symbol.name, weight: 4 },
        { text: symbol.path.slice(0, -1).join(' '), weight: 2 },
        { text: symbol.signature, weight: 1 },
        { text: symbol.doc ?? '', weight: 1 },
        { text: symbol.module, weight: 1 },
      ]);
  }

  /** The search over `graph`, built on first use and kept as long as the graph. */
  static of(graph: CodeGraph): SymbolSearch {
    let search = searches.get(graph);
    if (search === undefined) {
      search = new SymbolSearch(graph);
      searches.set(graph, search);
    }
    return search;
  }

  async search(
    query: string,
    topK: number,
    options: SymbolSearchFilter & {
      readonly embeddings?: EmbeddingProvider | undefined;
      readonly signal?: AbortSignal;
    },
  ): Promise<SymbolSearchResult> {
    const accept = options.accept ?? (() => true);
    const scoredWords = this.#words.search(query, (id) => accept(this.#symbols[id] as SymbolNode));
    const byWords = scoredWords.slice(0, candidateCount).map((hit) => hit.id);
    const vectors = await this.#vectorCandidates(query, accept, options.embeddings, options.signal);
    if (vectors.ids === undefined) {
      return {
        hits: scoredWords.slice(0, topK).map((hit, index) => ({
          symbol: this.#symbols[hit.id] as SymbolNode,
          score: hit.score,
          wordRank: index + 1,
        })),
        mode: 'words',
        ...(vectors.note === undefined ? {} : { note: vectors.note }),
      };
    }
    const vectorIds = vectors.ids;
    const fused = reciprocalRankFusion([byWords, vectorIds]).slice(0, topK);
    return {
      hits: fused.map(({ id, score }) => {
        const wordRank = byWords.indexOf(id) + 1;
        const vectorRank = vectorIds.indexOf(id) + 1;
        return {
          symbol: this.#symbols[id] as SymbolNode,
          score,
          ...(wordRank > 0 ? { wordRank } : {}),
          ...(vectorRank > 0 ? { vectorRank } : {}),
        };
      }),
      mode: 'hybrid',
    };
  }

  async #vectorCandidates(
    query: string,
    accept: (symbol: SymbolNode) => boolean,
    embeddings: EmbeddingProvider | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ ids?: number[]; note?: string }> {
    const profile = this.#graph.data.embedding;
    if (embeddings === undefined || profile === undefined) return {};
    if (profile.model !== embeddings.model)
      return { note: `the index's vectors come from ${profile.model}, not ${embeddings.model}: reindex to use them` };
    let queryVector: number[] | undefined;
    try {
      queryVector = (await embeddings.embed([query], signal === undefined ? {} : { signal }))[0];
    } catch (error) {
      signal?.throwIfAborted();
      return { note: `the question could not be embedded (${(error as Error).message})` };
    }
    if (queryVector === undefined) return {};
    this.#vectors ??= this.#symbols.map((symbol) =>
      symbol.vector === undefined ? undefined : decodeVector(symbol.vector),
    );
    const scored: { id: number; score: number }[] = [];
    this.#vectors.forEach((vector, id) => {
      if (vector === undefined || !accept(this.#symbols[id] as SymbolNode)) return;
      const score = cosine(queryVector, vector);
      // Pointing away from the question is no match, however few the candidates.
      if (score > 0) scored.push({ id, score });
    });
    scored.sort((a, b) => b.score - a.score || a.id - b.id);
    return { ids: scored.slice(0, candidateCount).map((entry) => entry.id) };
  }
}
