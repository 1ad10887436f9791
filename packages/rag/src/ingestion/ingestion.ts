import { createHash } from 'node:crypto';
import type { EmbeddingProvider, FileSystem } from '@orkeon/core';
import type { WebHttpClient } from '@orkeon/tools-web';
import type { ChunkingStrategy } from '../chunking/chunk.js';
import { chunkText } from '../chunking/chunk-text.js';
import type { RagCollection, StoredChunk } from '../collection/rag-collection.js';
import {
  manifestPath,
  type RagManifest,
  ragManifestVersion,
  readManifest,
  writeManifest,
} from '../collection/rag-manifest.js';
import { RagError } from '../errors/rag-error.js';
import { type QuarantineLevel, validateDocument } from '../loading/document-validation.js';
import { loadSource } from '../loading/load-source.js';
import { quarantineDocument } from '../loading/quarantine.js';
import type { RagDocument, RagSource } from '../loading/rag-document.js';

/** What `ingest` is asked to do. */
export interface IngestionRequest {
  readonly collection: string;
  readonly sources: readonly RagSource[];
  /** Default `Svc:Rag:Ingestion:DefaultChunkingStrategy`. */
  readonly chunkingStrategy?: ChunkingStrategy;
  /** Ingest every source again, and accept a new embedding model for the collection. */
  readonly reindex?: boolean;
  /** Characters per chunk and shared by neighbours; default the settings'. */
  readonly chunkSize?: number;
  readonly chunkOverlap?: number;
  readonly signal?: AbortSignal;
}

/** What became of one source. */
export interface IngestedSource {
  readonly sourceId: string;
  readonly status: 'added' | 'updated' | 'unchanged' | 'quarantined' | 'failed';
  readonly chunks: number;
  /** Why a source was quarantined or failed; the validator's reasons for a suspicious one. */
  readonly reasons?: readonly string[];
  /** Where a quarantined document was kept. */
  readonly quarantinedAt?: string;
}

export interface IngestionReport {
  readonly collection: string;
  readonly sources: readonly IngestedSource[];
  /** Chunks the collection holds after the ingestion. */
  readonly totalChunks: number;
}

export interface IngestionParts {
  readonly files: FileSystem;
  readonly web?: WebHttpClient;
  readonly embeddings: EmbeddingProvider;
  readonly collection: (name: string) => Promise<RagCollection>;
  readonly manifestDirectory: string;
  readonly quarantineDirectory: string;
  readonly quarantineAt: QuarantineLevel;
  readonly defaultStrategy: ChunkingStrategy;
  readonly chunkSize: number;
  readonly chunkOverlap: number;
}

/** How many chunk texts go to the embedding provider in one call. */
const embeddingBatch = 64;

/**
 * Load → validate → chunk → embed → store, per source. The manifest keeps each source's
 * content hash: an unchanged source costs nothing, a changed one replaces its chunks. A
 * rejected document never enters the collection: it is quarantined with the reasons. The
 * collection's embedding model is fixed by its first ingestion; another one needs `reindex`.
 */
export async function ingest(parts: IngestionParts, request: IngestionRequest): Promise<IngestionReport> {
  const collection = await parts.collection(request.collection);
  const path = manifestPath(parts.manifestDirectory, collection.name);
  const strategy = request.chunkingStrategy ?? parts.defaultStrategy;
  const sizes = { size: request.chunkSize ?? parts.chunkSize, overlap: request.chunkOverlap ?? parts.chunkOverlap };
  const previous = await readManifest(parts.files, path);
  const dimensions = parts.embeddings.dimensions ?? (await parts.embeddings.embed(['dimensions']))[0]?.length ?? 0;
  const profile = { model: parts.embeddings.model, dimensions };
  const profileChanged =
    previous !== undefined &&
    (previous.embedding.model !== profile.model || previous.embedding.dimensions !== profile.dimensions);
  if (profileChanged && request.reindex !== true)
    throw new RagError(
      'RAG_EMBEDDING_PROFILE_CHANGED',
      `The RAG collection '${collection.name}' was made with ${previous.embedding.model} (${previous.embedding.dimensions} dimensions), not ${profile.model} (${profile.dimensions}): ingest again with reindex, or go back to ${previous.embedding.model}.`,
    );
  const manifest: RagManifest = {
    version: ragManifestVersion,
    collection: collection.name,
    embedding: profile,
    chunking: { strategy, ...sizes },
    sources: { ...(previous?.sources ?? {}) },
  };
  if (request.reindex === true && previous !== undefined) {
    // A new model or chunking: nothing old may be searched beside the new.
    await collection.remove(
      Object.values(previous.sources).flatMap((source) => source.chunks.map((chunk) => chunk.id)),
    );
    manifest.sources = {};
  }
  const report: IngestedSource[] = [];
  try {
    for (const source of request.sources) {
      request.signal?.throwIfAborted();
      report.push(
        await ingestOne(
          { ...parts, chunkSize: sizes.size, chunkOverlap: sizes.overlap },
          collection,
          manifest,
          source,
          strategy,
          request.signal,
        ),
      );
    }
  } finally {
    // What was stored is recorded even when a later source stops the ingestion.
    await collection.saveLexical();
    await writeManifest(parts.files, path, manifest);
  }
  const totalChunks = Object.values(manifest.sources).reduce((sum, source) => sum + source.chunks.length, 0);
  return { collection: collection.name, sources: report, totalChunks };
}

async function ingestOne(
  parts: IngestionParts,
  collection: RagCollection,
  manifest: RagManifest,
  source: RagSource,
  strategy: ChunkingStrategy,
  signal: AbortSignal | undefined,
): Promise<IngestedSource> {
  let document: RagDocument;
  try {
    document = await loadSource(source, {
      files: parts.files,
      ...(parts.web === undefined ? {} : { web: parts.web }),
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    const sourceId = (error as { sourceId?: string }).sourceId ?? source.id ?? source.location;
    return { sourceId, status: 'failed', chunks: 0, reasons: [error instanceof Error ? error.message : String(error)] };
  }
  const verdict = validateDocument(document, { quarantineAt: parts.quarantineAt });
  if (verdict.verdict === 'Rejected') {
    const kept = await quarantineDocument(parts.files, parts.quarantineDirectory, document, verdict);
    return {
      sourceId: document.sourceId,
      status: 'quarantined',
      chunks: 0,
      reasons: verdict.reasons,
      quarantinedAt: kept,
    };
  }
  const hash = createHash('sha256').update(document.text).digest('hex');
  const known = manifest.sources[document.sourceId];
  // Unchanged, and still in the store (an in-memory store, or another store, starts empty).
  if (known !== undefined && known.hash === hash && (await collection.holds(known.chunks[0]?.id)))
    return { sourceId: document.sourceId, status: 'unchanged', chunks: known.chunks.length };
  const pieces = await chunkText(document.text, strategy, {
    size: parts.chunkSize,
    overlap: parts.chunkOverlap,
    embed: (texts) => parts.embeddings.embed(texts),
  });
  const chunks: StoredChunk[] = pieces.map((piece, index) => ({
    chunkId: `${document.sourceId}#${index}`,
    sourceId: document.sourceId,
    text: piece.text,
    start: piece.start,
    end: piece.end,
    ...(piece.headings === undefined ? {} : { headings: piece.headings }),
  }));
  const vectors: number[][] = [];
  for (let index = 0; index < chunks.length; index += embeddingBatch)
    vectors.push(
      ...(await parts.embeddings.embed(chunks.slice(index, index + embeddingBatch).map((chunk) => chunk.text))),
    );
  if (known !== undefined) await collection.remove(known.chunks.map((chunk) => chunk.id));
  await collection.put(chunks, vectors);
  manifest.sources[document.sourceId] = {
    location: document.location,
    kind: document.kind,
    format: document.format,
    hash,
    verdict: verdict.verdict,
    chunks: chunks.map((chunk) => ({ id: chunk.chunkId, start: chunk.start, end: chunk.end })),
    ingestedAt: new Date().toISOString(),
  };
  return {
    sourceId: document.sourceId,
    status: known === undefined ? 'added' : 'updated',
    chunks: chunks.length,
    ...(verdict.verdict === 'Suspicious' ? { reasons: verdict.reasons } : {}),
  };
}
