import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import type { RagCandidate } from './rag-candidate.js';
import { words } from './words.js';

/** A chunk as the lexical index takes it in and gives it back. */
export interface LexicalChunk {
  /** Unique within the index; adding a chunk with a known id replaces it. */
  readonly chunkId: string;
  readonly sourceId: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly headings?: readonly string[];
}

/** The saved form of a {@link LexicalIndex}, plain JSON data. */
export interface LexicalIndexJson {
  /** Bumped when the tokenizing or the layout changes, so an old file is refused instead of searched wrongly. */
  readonly version: typeof formatVersion;
  readonly chunks: readonly LexicalChunk[];
  readonly index: AsPlainObject;
}

const formatVersion = 1;

// MiniSearch only keeps the terms; the chunks themselves live in our own map, typed, so a
// search result needs no casts and `removeSource` need not scan the index.
const miniSearchOptions: Options<LexicalChunk> = {
  idField: 'chunkId',
  fields: ['text', 'headings'],
  // Headings are an array; index them as one text.
  stringifyField: (value: unknown) => (Array.isArray(value) ? value.join('\n') : String(value)),
  tokenize: words,
  // `words` already lower-cases.
  processTerm: (term) => term,
  // Fuzzy 0.2: up to one typo in a five-letter word. Prefix: "embed" finds "embeddings".
  searchOptions: { fuzzy: 0.2, prefix: true },
};

/**
 * Keyword search (BM25, via MiniSearch) over chunks: finds exact names, codes and rare words
 * that embeddings blur, which is why it is fused with vector search.
 */
export class LexicalIndex {
  #miniSearch = new MiniSearch<LexicalChunk>(miniSearchOptions);
  readonly #chunks = new Map<string, LexicalChunk>();
  readonly #chunkIdsBySource = new Map<string, Set<string>>();

  /** An index saved with {@link LexicalIndex.toJSON}, as the object or its JSON text. */
  static fromJSON(json: string | LexicalIndexJson): LexicalIndex {
    const data: unknown = typeof json === 'string' ? JSON.parse(json) : json;
    if (!isRecord(data) || data.version !== formatVersion) {
      throw new TypeError(`Not a lexical index of format version ${formatVersion}.`);
    }
    if (!Array.isArray(data.chunks) || !data.chunks.every(isLexicalChunk) || !isRecord(data.index)) {
      throw new TypeError('The lexical index is damaged: its chunks or its index are malformed.');
    }
    const miniSearch = MiniSearch.loadJS(data.index as AsPlainObject, miniSearchOptions);
    const chunks = data.chunks.map(copyChunk);
    // The chunk list and the term index are saved side by side; both must name the same chunks.
    const ids = new Set(chunks.map((chunk) => chunk.chunkId));
    if (
      ids.size !== chunks.length ||
      miniSearch.documentCount !== ids.size ||
      ![...ids].every((id) => miniSearch.has(id))
    ) {
      throw new TypeError('The lexical index is damaged: its chunks and its term index disagree.');
    }
    const lexicalIndex = new LexicalIndex();
    lexicalIndex.#miniSearch = miniSearch;
    for (const chunk of chunks) lexicalIndex.#remember(chunk);
    return lexicalIndex;
  }

  /** How many chunks are indexed. */
  get size(): number {
    return this.#chunks.size;
  }

  /** Indexes the chunks; a chunk whose id is already indexed replaces the old one. */
  add(chunks: readonly LexicalChunk[]): void {
    for (const chunk of chunks) {
      if (this.#chunks.has(chunk.chunkId)) this.#forget(chunk.chunkId);
      const copy = copyChunk(chunk);
      this.#miniSearch.add(copy);
      this.#remember(copy);
    }
  }

  /** Drops the chunks with these ids; unknown ids are ignored. */
  remove(chunkIds: Iterable<string>): void {
    for (const chunkId of chunkIds) if (this.#chunks.has(chunkId)) this.#forget(chunkId);
  }

  /** Drops every chunk of the source, e.g. before indexing a new version of it. */
  removeSource(sourceId: string): void {
    this.remove([...(this.#chunkIdsBySource.get(sourceId) ?? [])]);
  }

  /** The `limit` chunks that best match the query's words, best first (BM25 score, origin 'lexical'). */
  search(query: string, limit: number): RagCandidate[] {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`The limit must be a whole number ≥ 0: ${limit}`);
    if (limit === 0) return [];
    const results = this.#miniSearch
      .search(query)
      // Equal scores come back in index order; the id makes the order the same after a reload.
      .sort((a, b) => b.score - a.score || compareIds(a.id as string, b.id as string));
    const candidates: RagCandidate[] = [];
    for (const result of results.slice(0, limit)) {
      const chunk = this.#chunks.get(result.id as string);
      if (chunk !== undefined) candidates.push({ ...chunk, score: result.score, origin: 'lexical' });
    }
    return candidates;
  }

  /** The index as plain JSON data, to save beside its collection (also what `JSON.stringify` writes). */
  toJSON(): LexicalIndexJson {
    return { version: formatVersion, chunks: [...this.#chunks.values()], index: this.#miniSearch.toJSON() };
  }

  #remember(chunk: LexicalChunk): void {
    this.#chunks.set(chunk.chunkId, chunk);
    const ids = this.#chunkIdsBySource.get(chunk.sourceId) ?? new Set<string>();
    ids.add(chunk.chunkId);
    this.#chunkIdsBySource.set(chunk.sourceId, ids);
  }

  #forget(chunkId: string): void {
    const chunk = this.#chunks.get(chunkId);
    if (chunk === undefined) return;
    // `discard` needs only the id; `remove` would need the exact document that was added.
    this.#miniSearch.discard(chunkId);
    this.#chunks.delete(chunkId);
    const ids = this.#chunkIdsBySource.get(chunk.sourceId);
    ids?.delete(chunkId);
    if (ids?.size === 0) this.#chunkIdsBySource.delete(chunk.sourceId);
  }
}

// Keeps only the known fields, so a caller's extra properties are neither indexed nor saved.
function copyChunk(chunk: LexicalChunk): LexicalChunk {
  const { chunkId, sourceId, text, start, end, headings } = chunk;
  return headings === undefined
    ? { chunkId, sourceId, text, start, end }
    : { chunkId, sourceId, text, start, end, headings: [...headings] };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLexicalChunk(value: unknown): value is LexicalChunk {
  return (
    isRecord(value) &&
    typeof value.chunkId === 'string' &&
    typeof value.sourceId === 'string' &&
    typeof value.text === 'string' &&
    typeof value.start === 'number' &&
    typeof value.end === 'number' &&
    (value.headings === undefined ||
      (Array.isArray(value.headings) && value.headings.every((heading) => typeof heading === 'string')))
  );
}
