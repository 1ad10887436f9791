import type { EmbeddingProvider, FileSystem, MemoryStores } from '@orkeon/core';
import { callingModel, serviceToken } from '@orkeon/core';
import type { WebHttpClient } from '@orkeon/tools-web';
import { RagCollection } from './collection/rag-collection.js';
import type { WebFallbackOptions } from './corrective/web-fallback.js';
import { type IngestionReport, type IngestionRequest, ingest } from './ingestion/ingestion.js';
import type { RagAnswer, RagRetrieval } from './query/rag-answer.js';
import type { RagModel } from './query/rag-model.js';
import { RagPipeline, type RagQuery } from './query/rag-pipeline.js';
import type { RagReranker } from './query/rag-reranker.js';
import type { RagSettings } from './rag-settings.js';

export interface RagOptions {
  readonly settings: RagSettings;
  /** Where sources are read and manifests written: the runtime's file system (`runtime.vfs`). */
  readonly files: FileSystem;
  readonly memory: MemoryStores;
  readonly embeddings: EmbeddingProvider;
  /** Fetches web sources; without it a URL source fails with the cause. */
  readonly web?: WebHttpClient;
  /** The model used outside an agent's tool call (inside one, the agent's own model answers), or how to find it. */
  readonly model?: RagModel | (() => RagModel | undefined);
  /**
   * The corrective profile's web search and page reader (`Svc:Rag:WebFallback`, the transport);
   * used only when `Svc:Rag:Corrective:WebFallback:Enabled` is on too.
   */
  readonly webFallback?: WebFallbackOptions;
  /** The local reranker of `Svc:Rag:Rerank:Kind = onnx`, or how to find it. */
  readonly reranker?: RagReranker | (() => RagReranker | undefined);
}

/**
 * Retrieval-augmented generation over named collections: `ingest` sources into one, then
 * `retrieve` its passages for a question or `answer` it with citations. Chunks live in a
 * memory store (`Svc:Rag:MemoryStore`, default the runtime's), tagged with their collection.
 */
export class Rag {
  readonly settings: RagSettings;
  readonly #options: RagOptions;
  readonly #collections = new Map<string, Promise<RagCollection>>();
  readonly #pipeline: RagPipeline;

  constructor(options: RagOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#pipeline = new RagPipeline({
      settings: options.settings,
      embeddings: options.embeddings,
      collection: (name) => this.collection(name),
      model: () => callingModel() ?? this.defaultModel(),
      reranker: () => (typeof options.reranker === 'function' ? options.reranker() : options.reranker),
      ...(options.webFallback === undefined ? {} : { webFallback: options.webFallback }),
    });
  }

  /** The model that answers outside an agent's tool call (the host's, else the runtime's); undefined when none is configured. */
  defaultModel(): RagModel | undefined {
    const model = this.#options.model;
    return typeof model === 'function' ? model() : model;
  }

  /** The collection of that name (its chunks' store opens on first use). */
  collection(name: string): Promise<RagCollection> {
    let opened = this.#collections.get(name);
    if (opened === undefined) {
      opened = this.#options.memory.get(this.settings.MemoryStore).then(
        (store) =>
          new RagCollection({
            name,
            store,
            files: this.#options.files,
            directory: this.settings.Ingestion.ManifestDirectory,
          }),
      );
      opened.catch(() => this.#collections.delete(name));
      this.#collections.set(name, opened);
    }
    return opened;
  }

  ingest(request: Omit<IngestionRequest, 'collection'> & { readonly collection?: string }): Promise<IngestionReport> {
    const ingestion = this.settings.Ingestion;
    return ingest(
      {
        files: this.#options.files,
        ...(this.#options.web === undefined ? {} : { web: this.#options.web }),
        embeddings: this.#options.embeddings,
        collection: (name) => this.collection(name),
        manifestDirectory: ingestion.ManifestDirectory,
        quarantineDirectory: ingestion.QuarantineDirectory,
        quarantineAt: ingestion.QuarantineAt,
        defaultStrategy: ingestion.DefaultChunkingStrategy,
        chunkSize: ingestion.ChunkSize,
        chunkOverlap: ingestion.ChunkOverlap,
      },
      { ...request, collection: request.collection ?? this.settings.Collection },
    );
  }

  retrieve(query: RagQuery): Promise<RagRetrieval> {
    return this.#pipeline.retrieve(query);
  }

  answer(query: RagQuery): Promise<RagAnswer> {
    return this.#pipeline.answer(query);
  }
}

/** The host's RAG service; `addSvcRag` registers one. */
export const RagService = serviceToken<Rag>('Rag');
