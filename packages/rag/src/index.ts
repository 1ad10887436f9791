// The package's public surface: re-exports only, one block per concept.

export { type AddSvcRagOptions, addSvcRag } from './add-svc-rag.js';
export { addSvcRagTools } from './add-svc-rag-tools.js';
export {
  type ChunkingOptions,
  type ChunkingStrategy,
  chunkingStrategies,
  type TextChunk,
} from './chunking/chunk.js';
export { chunkText } from './chunking/chunk-text.js';
export { checkedCollectionName, RagCollection, type StoredChunk } from './collection/rag-collection.js';
export { type RagManifest, type RagManifestSource, ragManifestVersion } from './collection/rag-manifest.js';
export { type RagErrorCode, ragErrorCodes } from './errors/error-codes.js';
export { RagError } from './errors/rag-error.js';
export {
  type EvaluationOptions,
  type EvaluationReport,
  evaluateCollection,
  formatEvaluationReport,
  type QuestionEvaluation,
} from './evaluation/evaluate-collection.js';
export { type EvaluationQuestion, readEvaluationDataset } from './evaluation/evaluation-dataset.js';
export { createRagEvalTool, ragEvalInput, ragEvalToolName } from './evaluation/rag-eval-tool.js';
export type { IngestedSource, IngestionReport, IngestionRequest } from './ingestion/ingestion.js';
export { type DocumentVerdict, validateDocument } from './loading/document-validation.js';
export { loadSource } from './loading/load-source.js';
export type { RagDocument, RagSource, RagSourceKind } from './loading/rag-document.js';
export { RagLoadError } from './loading/rag-load-error.js';
export { type CodePassage, type CodeSearch, CodeSearchService, codeIndexCollection } from './query/code-search.js';
export { checkGroundedness } from './query/groundedness-check.js';
export { type QueryTransform, queryTransforms } from './query/query-transform.js';
export {
  type Groundedness,
  type RagAnswer,
  type RagCitation,
  type RagRetrieval,
  type RagStage,
  type RagTraceStep,
  ragStages,
} from './query/rag-answer.js';
export type { RagModel } from './query/rag-model.js';
export type { RagQuery } from './query/rag-pipeline.js';
export { type RagReranker, RagRerankerService } from './query/rag-reranker.js';
export { Rag, type RagOptions, RagService } from './rag.js';
export { RagKnowledgeBase } from './rag-knowledge-base.js';
export { type RagProfile, type RagSettings, ragProfiles, ragSettings } from './rag-settings.js';
export type { RagCandidate } from './retrieval/rag-candidate.js';
export { createRagIngestTool, ragIngestInput, ragIngestToolName } from './tools/rag-ingest-tool.js';
export { createRagSearchTool, ragSearchInput, ragSearchToolName } from './tools/rag-search-tool.js';
