import { cosineSimilarity } from './cosine-similarity.js';
import { type MemoryItem, matchesMemoryFilter, type ScoredMemoryItem } from './memory-item.js';
import { checkedEmbedding, checkedMemoryItem, checkedMemoryKey, MemoryItemError } from './memory-items.js';
import type { MemoryEntry, MemoryListOptions, MemoryProvider, SimilarSearchOptions } from './memory-provider.js';
import { memoryWordScore, memoryWords } from './memory-words.js';

/**
 * Memories in this process's memory: exact cosine search over every vector, word search
 * over every content. For tests, short-lived hosts and small collections; nothing outlives
 * the process.
 */
export class InMemoryMemoryProvider implements MemoryProvider {
  readonly #items = new Map<string, MemoryItem>();

  async store(key: string, item: MemoryItem): Promise<void> {
    this.#items.set(checkedMemoryKey(key), structuredClone(checkedMemoryItem(item)));
  }

  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    // Every entry is checked before any is kept.
    const checked = entries.map(({ key, item }) => [checkedMemoryKey(key), checkedMemoryItem(item)] as const);
    for (const [key, item] of checked) this.#items.set(key, structuredClone(item));
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    const item = this.#items.get(key);
    return item === undefined ? undefined : structuredClone(item);
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const words = memoryWords(query);
    if (words.length === 0) return [];
    const found: ScoredMemoryItem[] = [];
    for (const [key, item] of this.#items) {
      const score = memoryWordScore(words, item.content);
      if (score > 0) found.push({ key, item, score });
    }
    return keptCopies(found, limit);
  }

  async delete(key: string): Promise<boolean> {
    return this.#items.delete(key);
  }

  async deleteMany(keys: readonly string[]): Promise<number> {
    return keys.filter((key) => this.#items.delete(key)).length;
  }

  async clear(): Promise<void> {
    this.#items.clear();
  }

  /** Entries in code-unit order of their keys, copied. */
  async listEntries(options: MemoryListOptions = {}): Promise<MemoryEntry[]> {
    const { after, limit = 100 } = options;
    const keys = [...this.#items.keys()].filter((key) => after === undefined || key > after).sort();
    return keys
      .slice(0, Math.max(1, Math.floor(limit)))
      .map((key) => ({ key, item: structuredClone(this.#items.get(key) as MemoryItem) }));
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const found: ScoredMemoryItem[] = [];
    for (const [key, item] of this.#items) {
      if (item.embedding === undefined || !matchesMemoryFilter(item, filter)) continue;
      if (item.embedding.length !== embedding.length)
        throw new MemoryItemError(
          `The query vector has ${embedding.length} dimensions and memory '${key}' has ${item.embedding.length}: embed both with one model.`,
        );
      const score = cosineSimilarity(embedding, item.embedding);
      if (score >= minScore) found.push({ key, item, score });
    }
    return keptCopies(found, topK);
  }
}

/** The best `limit` matches, copied: only those leave the store (copying every match dominated a search). */
function keptCopies(found: ScoredMemoryItem[], limit: number): ScoredMemoryItem[] {
  return found
    .sort(byScore)
    .slice(0, limit)
    .map((match) => ({ ...match, item: structuredClone(match.item) }));
}

function byScore(a: ScoredMemoryItem, b: ScoredMemoryItem): number {
  return b.score - a.score || (a.key < b.key ? -1 : 1);
}
