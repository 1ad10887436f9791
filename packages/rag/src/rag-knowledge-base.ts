import type {
  FileSystem,
  KnowledgeAttachment,
  KnowledgeBase,
  KnowledgeCollection,
  KnowledgePassage,
} from '@orkeon/core';
import { RagError } from './errors/rag-error.js';
import type { RagSource } from './loading/rag-document.js';
import type { Rag } from './rag.js';

/** Characters per token of the crew file's chunk sizes (`max_tokens`, `overlap`). */
const charactersPerToken = 4;
/** The seed's chunk sizes of a crew's collections, in tokens. */
const defaultChunkTokens = 512;
const defaultOverlapTokens = 64;
const globCharacters = /[*?[{]/;

/**
 * The knowledge-base port over `Rag`: a crew's `rag:` collections are ingested (their sources'
 * globs and folders expanded, relative paths taken from the crew folder, `/crew`) and an agent's
 * `knowledge:` entries retrieve their passages. A source that cannot be read fails the run's
 * start, naming it, once the others are ingested.
 */
export class RagKnowledgeBase implements KnowledgeBase {
  readonly #rag: Rag;
  readonly #files: FileSystem;

  constructor(rag: Rag, files: FileSystem) {
    this.#rag = rag;
    this.#files = files;
  }

  async prepare(collections: readonly KnowledgeCollection[], signal?: AbortSignal): Promise<void> {
    for (const collection of collections) {
      const sources = await this.#expand(collection);
      const tokens = collection.chunking?.maxTokens ?? defaultChunkTokens;
      const overlap = Math.min(collection.chunking?.overlap ?? defaultOverlapTokens, tokens - 1);
      const report = await this.#rag.ingest({
        collection: collection.name,
        sources,
        chunkSize: tokens * charactersPerToken,
        chunkOverlap: overlap * charactersPerToken,
        ...(collection.chunking?.strategy === undefined ? {} : { chunkingStrategy: collection.chunking.strategy }),
        ...(signal === undefined ? {} : { signal }),
      });
      const failed = report.sources.filter((source) => source.status === 'failed');
      if (failed.length > 0)
        throw new RagError(
          'RAG_SOURCE_FAILED',
          `The collection '${collection.name}' of the crew could not ingest ${failed.length} source(s): ${failed.map((source) => (source.reasons ?? []).join(' ')).join(' ')}`,
        );
    }
  }

  async retrieve(attachment: KnowledgeAttachment, question: string, signal?: AbortSignal): Promise<KnowledgePassage[]> {
    const found = await this.#rag.retrieve({
      text: question,
      collection: attachment.collection,
      topK: attachment.topK ?? 5,
      ...(attachment.minScore === undefined ? {} : { minScore: attachment.minScore }),
      ...(attachment.profile === undefined ? {} : { profile: attachment.profile }),
      ...(attachment.maxContextTokens === undefined ? {} : { maxContextTokens: attachment.maxContextTokens }),
      ...(signal === undefined ? {} : { signal }),
    });
    return [...found.passages]
      .sort((a, b) => a.marker - b.marker)
      .map((passage) => ({
        sourceId: passage.sourceId,
        text: passage.snippet,
        score: passage.score,
        ...(passage.headings === undefined ? {} : { headings: passage.headings }),
      }));
  }

  /** The collection's sources as files and URLs: globs and folders listed, relative paths under `/crew`. */
  async #expand(collection: KnowledgeCollection): Promise<RagSource[]> {
    const sources: RagSource[] = [];
    for (const written of collection.sources) {
      if (/^https?:\/\//i.test(written)) {
        sources.push({ location: written, kind: 'web' });
        continue;
      }
      const path = written.startsWith('/') ? written : `/crew/${written.replace(/^\.\//, '')}`;
      const segments = path.split('/');
      const firstGlob = segments.findIndex((segment) => globCharacters.test(segment));
      const base = firstGlob === -1 ? path : segments.slice(0, firstGlob).join('/') || '/';
      const pattern = firstGlob === -1 ? undefined : segments.slice(firstGlob).join('/');
      const stat = await this.#files.stat(base);
      if (pattern === undefined && (!stat.ok || stat.value.kind !== 'directory')) {
        // A file, or a path that fails when it is loaded (with the reason).
        sources.push({ location: path, kind: 'file' });
        continue;
      }
      const listed = await this.#files.list(base, { recursive: true, ...(pattern === undefined ? {} : { pattern }) });
      if (!listed.ok)
        throw new RagError(
          'RAG_SOURCE_FAILED',
          `The collection '${collection.name}' names '${written}', which cannot be listed: ${listed.message}.`,
        );
      const files = listed.value.entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path);
      if (files.length === 0)
        throw new RagError(
          'RAG_SOURCE_FAILED',
          `The collection '${collection.name}' names '${written}', which matches no file: check the path (relative paths start at the crew folder).`,
        );
      for (const file of files.sort()) sources.push({ location: file, kind: 'file' });
    }
    return sources;
  }
}
