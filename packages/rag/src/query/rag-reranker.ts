import { serviceToken } from '@orkeon/core';
import type { RagCandidate } from '../retrieval/rag-candidate.js';

/**
 * A reranker that scores each candidate against the question on this machine (a cross-encoder),
 * used by `Svc:Rag:Rerank:Kind = onnx`. `@orkeon/rag-onnx` provides one (`addSvcOnnxReranker`).
 */
export interface RagReranker {
  /** Named in the rerank stage's trace, e.g. `onnx`. */
  readonly kind: string;
  /** The candidates, most relevant first, at most `keep`; scores are the reranker's (higher is better). */
  rerank(
    question: string,
    candidates: readonly RagCandidate[],
    keep: number,
    signal?: AbortSignal,
  ): Promise<RagCandidate[]>;
}

/** The host's local reranker; `addSvcOnnxReranker` registers one. */
export const RagRerankerService = serviceToken<RagReranker>('RagReranker');
