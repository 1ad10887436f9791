import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EmbeddingProvider } from '@orkeon/core';
import type { RagCollection } from '../collection/rag-collection.js';
import type { RagSettings } from '../rag-settings.js';
import { deduplicate } from '../retrieval/deduplicate.js';
import { maximalMarginalRelevance } from '../retrieval/maximal-marginal-relevance.js';
import type { RagCandidate } from '../retrieval/rag-candidate.js';
import { reciprocalRankFusion } from '../retrieval/reciprocal-rank-fusion.js';
import { edgesOrder, fitToTokenBudget } from '../retrieval/token-budget.js';
import { citedAnswerPrompt, defaultGroundedSystemPrompt, noContextAnswer, usedCitations } from './cited-answer.js';
import { checkGroundedness } from './groundedness-check.js';
import { llmRerank } from './llm-reranker.js';
import { mergeTransformedLists, transformQuery } from './query-transform.js';
import type { RagAnswer, RagCitation, RagRetrieval, RagStage, RagTraceStep } from './rag-answer.js';
import type { RagModel } from './rag-model.js';
import { planOf, type RagPlan } from './rag-plan.js';

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

  /** Stages 1 to 5: the passages a model would be given, numbered by rank. */
  async retrieve(query: RagQuery): Promise<RagRetrieval> {
    const steps: RagTraceStep[] = [];
    const collection = await this.#parts.collection(query.collection ?? this.#parts.settings.Collection);
    const model = this.#parts.model();
    const plan = planOf(settingsFor(this.#parts.settings, query), model !== undefined);
    const topK = query.topK ?? plan.topK;
    const texts = await this.#stage(steps, 'transform', async () => {
      const transformed = await transformQuery(plan.transform, query.text, {
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
      if (plan.rerank === 'none' || model === undefined)
        return { value: fused.slice(0, topK), detail: { kind: 'none' } };
      const reordered = await llmRerank(model, query.text, fused, Math.min(plan.rerankTopN, topK), query.signal);
      return { value: reordered, detail: { kind: 'llm', from: fused.length, to: reordered.length } };
    });
    const passages = await this.#stage(steps, 'assemble', async () => {
      const fitted = fitToTokenBudget(ranked, plan.maxTokens);
      const numbered = fitted.map((candidate, index) => citationOf(candidate, index + 1));
      const ordered = plan.order === 'edges' ? edgesOrder(numbered) : numbered;
      return { value: ordered, detail: { passages: ordered.length, order: plan.order, maxTokens: plan.maxTokens } };
    });
    return { collection: collection.name, passages, trace: steps };
  }

  /** The whole pipeline: the passages, then a cited answer written from them. */
  async answer(query: RagQuery): Promise<RagAnswer> {
    const retrieval = await this.retrieve(query);
    const steps = [...retrieval.trace];
    const settings = this.#parts.settings.Generation;
    const model = this.#parts.model();
    const answer = await this.#stage(steps, 'generate', async () => {
      if (retrieval.passages.length === 0 || model === undefined)
        return {
          value: {
            text: noContextAnswer(retrieval.collection, retrieval.passages.length > 0),
            citations: [] as RagCitation[],
            grounded: false,
          },
          detail: { modelCalled: false },
        };
      const { output } = await model.complete(citedAnswerPrompt(query.text, retrieval.passages), {
        system: settings.SystemPrompt ?? defaultGroundedSystemPrompt,
        temperature: settings.Temperature,
        maxTokens: settings.MaxOutputTokens,
        ...(query.signal === undefined ? {} : { signal: query.signal }),
      });
      const citations = usedCitations(output, retrieval.passages);
      return {
        value: { text: output, citations, grounded: true },
        detail: { modelCalled: true, citations: citations.length },
      };
    });
    const plan = planOf(settingsFor(this.#parts.settings, query), model !== undefined);
    if (!plan.groundedness || !answer.grounded) return { ...retrieval, ...answer, trace: steps };
    const groundedness = await this.#stage(steps, 'groundedness', async () => {
      const checked = await checkGroundedness(answer.text, retrieval.passages, model, query.signal);
      return { value: checked, detail: { score: checked.score, verdict: checked.verdict, judge: checked.judge } };
    });
    return { ...retrieval, ...answer, groundedness, trace: steps };
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
