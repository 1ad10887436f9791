import { createMemoryItem, type FileSystem, type MemoryProvider } from '@orkeon/core';
import { RagError } from '../errors/rag-error.js';
import { LexicalIndex } from '../retrieval/lexical-index.js';
import type { RagCandidate } from '../retrieval/rag-candidate.js';

/** One chunk as a collection keeps it. */
export interface StoredChunk {
  /** `<sourceId>#<index>`. */
  readonly chunkId: string;
  readonly sourceId: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly headings?: readonly string[];
}

const namePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The collection name, checked: it becomes a file name and part of every memory key. */
export function checkedCollectionName(name: string): string {
  if (typeof name !== 'string' || !namePattern.test(name))
    throw new RagError(
      'RAG_COLLECTION_INVALID',
      `The RAG collection name ${JSON.stringify(name)} cannot be used: give letters, digits, '-', '_' or '.', starting with a letter or digit, at most 64 characters.`,
    );
  return name;
}

/**
 * A collection's chunks: their text and vectors in a memory store (any of Orkeon's, tagged
 * with the collection), and their words in a BM25 index kept as a file beside the manifest.
 */
export class RagCollection {
  readonly name: string;
  readonly #store: MemoryProvider;
  readonly #files: FileSystem;
  readonly #lexicalPath: string;
  #lexical: LexicalIndex | undefined;

  constructor(options: { name: string; store: MemoryProvider; files: FileSystem; directory: string }) {
    this.name = checkedCollectionName(options.name);
    this.#store = options.store;
    this.#files = options.files;
    this.#lexicalPath = `${options.directory.replace(/\/+$/, '')}/${this.name}.words.json`;
  }

  get #tag(): string {
    return `rag:${this.name}`;
  }

  #key(chunkId: string): string {
    return `rag:${this.name}:${chunkId}`;
  }

  async put(chunks: readonly StoredChunk[], vectors: readonly (readonly number[])[]): Promise<void> {
    for (const [index, chunk] of chunks.entries()) {
      const item = createMemoryItem({
        id: chunk.chunkId,
        content: chunk.text,
        type: 'longTerm',
        metadata: {
          source: 'rag',
          tags: ['rag', this.#tag],
          customProperties: {
            collection: this.name,
            chunkId: chunk.chunkId,
            sourceId: chunk.sourceId,
            start: chunk.start,
            end: chunk.end,
            ...(chunk.headings === undefined ? {} : { headings: [...chunk.headings] }),
          },
        },
      });
      await this.#store.storeWithEmbedding(this.#key(chunk.chunkId), item, vectors[index] as readonly number[]);
    }
    (await this.lexical()).add(chunks);
  }

  async remove(chunkIds: readonly string[]): Promise<void> {
    for (const chunkId of chunkIds) await this.#store.delete(this.#key(chunkId));
    (await this.lexical()).remove(chunkIds);
  }

  /** Whether the store holds the chunk (a source without chunks counts as held). */
  async holds(chunkId: string | undefined): Promise<boolean> {
    return chunkId === undefined || (await this.#store.get(this.#key(chunkId))) !== undefined;
  }

  /** The chunks nearest `embedding`, best first. */
  async nearest(embedding: readonly number[], limit: number, minScore: number): Promise<RagCandidate[]> {
    const found = await this.#store.searchSimilar(embedding, { topK: limit, minScore, filter: { tags: [this.#tag] } });
    return found.map(({ item, score }) => {
      const properties = item.metadata.customProperties as Record<string, unknown>;
      const headings = properties.headings;
      return {
        chunkId: String(properties.chunkId ?? item.id),
        sourceId: String(properties.sourceId ?? ''),
        text: item.content,
        start: Number(properties.start ?? 0),
        end: Number(properties.end ?? item.content.length),
        score,
        origin: 'vector' as const,
        ...(Array.isArray(headings) ? { headings: headings.map(String) } : {}),
      };
    });
  }

  /** The BM25 index, read from its file the first time. */
  async lexical(): Promise<LexicalIndex> {
    if (this.#lexical !== undefined) return this.#lexical;
    const read = (await this.#files.exists(this.#lexicalPath))
      ? await this.#files.readText(this.#lexicalPath)
      : undefined;
    if (read !== undefined && !read.ok)
      throw new RagError(
        'RAG_MANIFEST_UNREADABLE',
        `The word index ${this.#lexicalPath} cannot be read: ${read.message}.`,
      );
    this.#lexical = read === undefined ? new LexicalIndex() : LexicalIndex.fromJSON(read.value);
    return this.#lexical;
  }

  async saveLexical(): Promise<void> {
    if (this.#lexical === undefined) return;
    const written = await this.#files.writeText(this.#lexicalPath, JSON.stringify(this.#lexical.toJSON()));
    if (!written.ok)
      throw new RagError(
        'RAG_MANIFEST_UNWRITABLE',
        `The word index ${this.#lexicalPath} cannot be written: ${written.message}. Mount its folder writable or set Svc:Rag:Ingestion:ManifestDirectory.`,
      );
  }
}
