import { RagError } from '../errors/rag-error.js';
import type { RagSettings, RerankKind } from '../rag-settings.js';
import type { QueryTransform } from './query-transform.js';

/** What one query does, stage by stage: the profile's choices with the settings' overrides on top. */
export interface RagPlan {
  readonly profile: RagSettings['Profile'];
  readonly topK: number;
  readonly candidateK: number;
  readonly minScore: number;
  readonly hybrid: boolean;
  readonly rrfK: number;
  readonly mmr: { readonly enabled: boolean; readonly lambda: number };
  readonly rerank: RerankKind;
  readonly rerankTopN: number;
  readonly maxTokens: number;
  readonly order: 'rank' | 'edges';
  readonly transform: QueryTransform;
  readonly variants: number;
  readonly groundedness: boolean;
}

const candidatesByProfile = { fast: 20, balanced: 50, quality: 100, adaptive: 50, corrective: 20 } as const;

/**
 * The plan of the configured profile. `fast` searches vectors only; `balanced` fuses vectors
 * and words and reranks the candidates; `quality` also takes more candidates and checks that
 * a cited answer keeps to its passages; `corrective` fuses vectors and words for each search of
 * its graph; `adaptive` plans like `balanced` (its single-shot route). A profile this
 * installation cannot run fails here, at the first query, naming what it lacks (the seed's
 * rule for the reranker, which `adaptive` needs whatever its route).
 */
export function planOf(settings: RagSettings, has: { readonly model: boolean; readonly reranker: boolean }): RagPlan {
  const hasModel = has.model;
  const profile = settings.Profile;
  // The seed's rule: balanced, quality and adaptive rerank with the local cross-encoder; the
  // model's listwise rerank is a per-key override (Rerank:Kind: llm), never a silent fallback.
  const unranked = profile === 'fast' || profile === 'corrective';
  const rerank = settings.Rerank.Kind ?? (unranked ? 'none' : 'onnx');
  if (!unranked && rerank === 'none')
    throw new RagError(
      'RAG_PROFILE_UNAVAILABLE',
      `Svc:Rag:Profile '${profile}' needs a reranker, and Svc:Rag:Rerank:Kind is 'none': set it to 'onnx' (docs/rag-onnx.md) or 'llm', or choose the profile 'fast' or 'corrective'.`,
    );
  if (rerank === 'onnx' && !has.reranker)
    throw new RagError(
      'RAG_PROFILE_UNAVAILABLE',
      unranked
        ? 'Svc:Rag:Rerank:Kind is onnx, and no cross-encoder reranker is registered: install @orkeon/rag-onnx and set Svc:Rag:OnnxReranker:ModelDirectory to a model folder (docs/rag-onnx.md), or set the kind to llm.'
        : `Svc:Rag:Profile '${profile}' needs the cross-encoder reranker, and none is registered: install @orkeon/rag-onnx and set Svc:Rag:OnnxReranker:ModelDirectory to a model folder (docs/rag-onnx.md), or set Svc:Rag:Rerank:Kind to llm to let the model rerank.`,
    );
  const transform = settings.Transform.Kind;
  if (transform !== 'none' && !hasModel)
    throw new RagError(
      'RAG_PROFILE_UNAVAILABLE',
      `The query transform '${transform}' (Svc:Rag:Transform:Kind) needs a model, and none is configured: set Llm:Model, or set the transform to none.`,
    );
  if (rerank === 'llm' && !hasModel)
    throw new RagError(
      'RAG_PROFILE_UNAVAILABLE',
      'The llm reranker needs a model, and none is configured: set Llm:Model (see docs/providers.md), or set Svc:Rag:Rerank:Kind to none with the profile fast.',
    );
  return {
    profile,
    topK: settings.Retrieval.TopK,
    candidateK: settings.Retrieval.CandidateK ?? candidatesByProfile[profile],
    minScore: settings.Retrieval.MinScore,
    hybrid: settings.Retrieval.Hybrid.Enabled ?? profile !== 'fast',
    rrfK: settings.Retrieval.Hybrid.RrfK,
    mmr: { enabled: settings.Retrieval.Mmr.Enabled, lambda: settings.Retrieval.Mmr.Lambda },
    rerank,
    rerankTopN: settings.Rerank.TopN,
    maxTokens: settings.Context.MaxTokens,
    order: settings.Context.Order,
    transform,
    variants: settings.Transform.VariantCount,
    groundedness: settings.Groundedness.Enabled ?? profile === 'quality',
  };
}
