import { RagError } from '../errors/rag-error.js';

/**
 * A source that could not be loaded (or kept aside): the message names the source, the
 * problem and the fix, so an operator reading an ingestion report knows what to change.
 */
export class RagLoadError extends RagError {
  /** The id of the source that failed (what citations and manifests name). */
  readonly sourceId: string;

  constructor(sourceId: string, problem: string, options?: ErrorOptions) {
    super('RAG_SOURCE_FAILED', `Cannot load '${sourceId}': ${problem}`, {
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
      details: { sourceId },
    });
    this.sourceId = sourceId;
  }
}
