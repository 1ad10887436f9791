import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EmbeddingProvider } from '@orkeon/core';
import type { RagCollection } from '../collection/rag-collection.js';
import { correctiveAnswer } from '../corrective/corrective-graph.js';
import type { WebFallbackOptions } from '../corrective/web-fallback.js';
import { RagError } from '../errors/rag-error.js';
import type { RagSettings } from '../rag-settings.js';
import { deduplicate } from '../retrieval/deduplicate.js';
import { maximalMarginalRelevance } from '../retrieval/maximal-marginal-relevance.js';
import type { RagCandidate } from '../retrieval/rag-candidate.js';
import { reciprocalRankFusion } from '../retrieval/reciprocal-rank-fusion.js';
import { edgesOrder, fitToTokenBudget } from '../retrieval/token-budget.js';
import { generateAnswer } from './generate-answer.js';
import { checkGroundedness } from './groundedness-check.js';
import { llmRerank } from './llm-reranker.js';
import { classifyQuery } from './query-classifier.js';
import { mergeTransformedLists, transformQuery } from './query-transform.js';
import type { RagAnswer, RagCitation, RagRetrieval, RagStage, RagTraceStep } from './rag-answer.js';
import type { RagModel } from './rag-model.js';
import { planOf, type RagPlan } from './rag-plan.js';
import type { RagReranker } from './rag-reranker.js';

/** A question to a collection. */
export interface RagQuery {
  readonly text: string;
  /** Default `Svc:Rag:Collection`. */
  readonly collection?: string;
  /** Passages kept; default `Svc:Rag:Retrieval:TopK`. */
  readonly topK?: number;
  /** Overrides of the settings for this query (an agent's `knowledge:` entry). */
  readonly profile?: RagSettings['Profile'];
  readonly minScore?: number;
  readonly maxContextTokens?: number;
  readonly signal?: AbortSignal;
}

export interface RagPipelineParts {
  readonly settings: RagSettings;
  readonly embeddings: EmbeddingProvider;
  readonly collection: (name: string) => Promise<RagCollection>;
  /** The model that orders candidates and writes answers: the calling agent's, else the runtime's; undefined when none is configured. */
  readonly model: () => RagModel | undefined;
  /** The local reranker (`RagRerankerService`), when one is registered. */
  readonly reranker?: () => RagReranker | undefined;
  /** The corrective profile's web fallback; present only when both of its switches are on. */
  readonly webFallback?: WebFallbackOptions;
}

const tracer = () => trace.getTracer('orkeon.rag');

/**
 * The staged query pipeline: transform, retrieve (vectors, and words fused by reciprocal rank
 * when hybrid), fuse (dedup, MMR), rerank, assemble (token budget, order), generate (a cited
 * answer) — each stage a span `rag.<stage>` and a step of the answer's trace. With no passage
 * found, the answer says so without calling a model.
 */
export class RagPipeline {
  readonly #parts: RagPipelineParts;

  constructor(parts: RagPipelineParts) {
    this.#parts = parts;
  }

  /**
   * Stages 1 to 5: the passages a model would be given, numbered by rank. The corrective and
   * adaptive profiles answer questions and cannot retrieve alone: they fail with what to use.
   */
  async retrieve(query: RagQuery): Promise<RagRetrieval> {
    const plan = this.#plan(query);
    if (plan.profile === 'corrective' || plan.profile === 'adaptive')
      throw new RagError(
        'RAG_PROFILE_UNAVAILABLE',
        `The profile '${plan.profile}' answers questions and cannot retrieve passages alone (an agent's knowledge:, retrieve()): give that query the profile fast, balanced or quality, or ask for an answer.`,
      );
    const collection = await this.#parts.collection(query.collection ?? this.#parts.settings.Collection);
    const steps: RagTraceStep[] = [];
    const passages = await this.#retrievePlanned(plan, collection, query.text, query, steps);
    return { collection: collection.name, passages, trace: steps };
  }

  /**
   * The whole pipeline: the passages, then a cited answer written from them. `corrective` runs
   * its graph; `adaptive` first sorts the question (answered directly, as `balanced`, or as `corrective`).
   */
  async answer(query: RagQuery): Promise<RagAnswer> {
    const plan = this.#plan(query);
    if (plan.profile === 'corrective') return this.#corrective(query, plan, []);
    if (plan.profile !== 'adaptive') return this.#staged(query, plan, []);
    const steps: RagTraceStep[] = [];
    const model = this.#parts.model();
    const { route } = await this.#stage(steps, 'route', async () => {
      const classified = await classifyQuery(query.text, this.#parts.settings.Adaptive.Classifier, model, query.signal);
      return { value: classified, detail: { route: classified.route, classifier: classified.classifier } };
    });
    if (route === 'Iterative') return this.#corrective(query, this.#plan({ ...query, profile: 'corrective' }), steps);
    if (route === 'NoRetrieval' && model !== undefined) return this.#direct(query, model, steps);
    return this.#staged(query, this.#plan({ ...query, profile: 'balanced' }), steps);
  }

  #plan(query: RagQuery): RagPlan {
    return planOf(settingsFor(this.#parts.settings, query), {
      model: this.#parts.model() !== undefined,
      reranker: this.#parts.reranker?.() !== undefined,
    });
  }

  async #retrievePlanned(
    plan: RagPlan,
    collection: RagCollection,
    text: string,
    query: RagQuery,
    steps: RagTraceStep[],
  ): Promise<RagCitation[]> {
    const model = this.#parts.model();
    const reranker = this.#parts.reranker?.();
    const topK = query.topK ?? plan.topK;
    const texts = await this.#stage(steps, 'transform', async () => {
      const transformed = await transformQuery(plan.transform, text, {
        model,
        variants: plan.variants,
        signal: query.signal,
      });
      return { value: transformed, detail: { kind: plan.transform, texts: transformed.vectorTexts.length } };
    });
    const candidates = await this.#stage(steps, 'retrieve', async () => {
      const embeddings = await this.#parts.embeddings.embed(texts.vectorTexts);
      const lists = await Promise.all(
        embeddings.map((embedding) => collection.nearest(embedding, plan.candidateK, plan.minScore)),
      );
      const vectors = mergeTransformedLists(plan.transform, lists, plan.rrfK);
      if (!plan.hybrid) return { value: vectors, detail: { vector: vectors.length, hybrid: false } };
      const lexical = (await collection.lexical()).search(texts.lexicalText, plan.candidateK);
      const fused = reciprocalRankFusion([vectors, lexical], plan.rrfK);
      return { value: fused, detail: { vector: vectors.length, lexical: lexical.length, hybrid: true } };
    });
    const fused = await this.#stage(steps, 'fuse', async () => {
      const unique = deduplicate(candidates);
      const chosen = plan.mmr.enabled ? maximalMarginalRelevance(unique, { lambda: plan.mmr.lambda }) : unique;
      return { value: chosen, detail: { candidates: candidates.length, kept: chosen.length, mmr: plan.mmr.enabled } };
    });
    const ranked = await this.#stage(steps, 'rerank', async () => {
      const keep = Math.min(plan.rerankTopN, topK);
      if (plan.rerank === 'onnx' && reranker !== undefined) {
        const reordered = await reranker.rerank(text, fused, keep, query.signal);
        return { value: reordered, detail: { kind: reranker.kind, from: fused.length, to: reordered.length } };
      }
      if (plan.rerank === 'none' || model === undefined)
        return { value: fused.slice(0, topK), detail: { kind: 'none' } };
      const reordered = await llmRerank(model, text, fused, keep, query.signal);
      return { value: reordered, detail: { kind: 'llm', from: fused.length, to: reordered.length } };
    });
    return this.#stage(steps, 'assemble', async () => {
      const fitted = fitToTokenBudget(ranked, plan.maxTokens);
      const numbered = fitted.map((candidate, index) => citationOf(candidate, index + 1));
      const ordered = plan.order === 'edges' ? edgesOrder(numbered) : numbered;
      return { value: ordered, detail: { passages: ordered.length, order: plan.order, maxTokens: plan.maxTokens } };
    });
  }

  /** fast, balanced, quality (and adaptive's single-shot route): stages 1 to 7. */
  async #staged(query: RagQuery, plan: RagPlan, steps: RagTraceStep[]): Promise<RagAnswer> {
    const collection = await this.#parts.collection(query.collection ?? this.#parts.settings.Collection);
    const passages = await this.#retrievePlanned(plan, collection, query.text, query, steps);
    const model = this.#parts.model();
    const answer = await this.#stage(steps, 'generate', async () => {
      const generated = await generateAnswer(
        query.text,
        passages,
        collection.name,
        model,
        this.#parts.settings.Generation,
        query.signal,
      );
      return {
        value: generated,
        detail: generated.grounded
          ? { modelCalled: true, citations: generated.citations.length }
          : { modelCalled: false },
      };
    });
    const retrieval = { collection: collection.name, passages };
    if (!plan.groundedness || !answer.grounded || model === undefined) return { ...retrieval, ...answer, trace: steps };
    const groundedness = await this.#stage(steps, 'groundedness', async () => {
      const checked = await checkGroundedness(answer.text, passages, model, query.signal);
      return { value: checked, detail: { score: checked.score, verdict: checked.verdict, judge: checked.judge } };
    });
    return { ...retrieval, ...answer, groundedness, trace: steps };
  }

  /** The corrective graph; each of its searches runs stages 1 to 5 with the corrective plan. */
  async #corrective(query: RagQuery, plan: RagPlan, steps: RagTraceStep[]): Promise<RagAnswer> {
    const collection = await this.#parts.collection(query.collection ?? this.#parts.settings.Collection);
    const settings = this.#parts.settings;
    const webOn = settings.Corrective.WebFallback.Enabled && this.#parts.webFallback !== undefined;
    const answer = await correctiveAnswer(
      query.text,
      {
        // The inner stages are spans under the node's span; the trace keeps the graph's steps.
        retrieve: (text, signal) =>
          this.#retrievePlanned(plan, collection, text, { ...query, ...(signal === undefined ? {} : { signal }) }, []),
        model: this.#parts.model(),
        collection: collection.name,
        generation: settings.Generation,
        maxIterations: settings.Corrective.MaxIterations,
        timeoutSeconds: settings.Corrective.TimeoutSeconds,
        ...(webOn && this.#parts.webFallback !== undefined
          ? {
              web: {
                ...this.#parts.webFallback,
                maxResults: Math.min(settings.Corrective.WebFallback.MaxResults, this.#parts.webFallback.maxResults),
              },
            }
          : {}),
      },
      query.signal,
    );
    return { ...answer, trace: [...steps, ...answer.trace] };
  }

  /** adaptive's no-retrieval route: the model answers on its own; nothing is cited. */
  async #direct(query: RagQuery, model: RagModel, steps: RagTraceStep[]): Promise<RagAnswer> {
    const collection = query.collection ?? this.#parts.settings.Collection;
    const text = await this.#stage(steps, 'generate', async () => {
      const { output } = await model.complete(query.text, {
        temperature: this.#parts.settings.Generation.Temperature,
        maxTokens: this.#parts.settings.Generation.MaxOutputTokens,
        ...(query.signal === undefined ? {} : { signal: query.signal }),
      });
      return { value: output, detail: { modelCalled: true, retrieval: false } };
    });
    return { collection, passages: [], citations: [], text, grounded: false, trace: steps };
  }

  async #stage<T>(
    steps: RagTraceStep[],
    stage: RagStage,
    work: () => Promise<{ value: T; detail: RagTraceStep['detail'] }>,
  ): Promise<T> {
    return tracer().startActiveSpan(`rag.${stage}`, async (span: Span) => {
      const started = performance.now();
      try {
        const { value, detail } = await work();
        span.setAttributes(
          Object.fromEntries(Object.entries(detail).map(([key, item]) => [`orkeon.rag.${key}`, item])),
        );
        steps.push({ stage, durationMs: Math.round((performance.now() - started) * 100) / 100, detail });
        return value;
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
  }
}

/** The settings with a query's own overrides on top. */
function settingsFor(settings: RagSettings, query: RagQuery): RagSettings {
  if (query.profile === undefined && query.minScore === undefined && query.maxContextTokens === undefined)
    return settings;
  return {
    ...settings,
    Profile: query.profile ?? settings.Profile,
    Retrieval: { ...settings.Retrieval, MinScore: query.minScore ?? settings.Retrieval.MinScore },
    Context: { ...settings.Context, MaxTokens: query.maxContextTokens ?? settings.Context.MaxTokens },
  };
}

function citationOf(candidate: RagCandidate, marker: number): RagCitation {
  return {
    marker,
    chunkId: candidate.chunkId,
    sourceId: candidate.sourceId,
    snippet: candidate.text,
    score: candidate.score,
    start: candidate.start,
    end: candidate.end,
    ...(candidate.headings === undefined ? {} : { headings: candidate.headings }),
  };
}

export type { RagPlan };
