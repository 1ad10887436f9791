import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { circuitBreakerPolicy, END, type GraphNode, START, StateGraph } from '@orkeon/core';
import { type GeneratedAnswer, generateAnswer } from '../query/generate-answer.js';
import { checkGroundedness } from '../query/groundedness-check.js';
import type { CorrectiveNode, Groundedness, RagAnswer, RagCitation, RagTraceStep } from '../query/rag-answer.js';
import type { RagModel } from '../query/rag-model.js';
import type { RagSettings } from '../rag-settings.js';
import { refinePassages } from './refine-passages.js';
import { gradeRelevance, type RelevanceGrade } from './relevance-grade.js';
import { rewriteQuery } from './rewrite-query.js';
import { type WebFallbackOptions, webFallback } from './web-fallback.js';

/** What the corrective graph needs from the pipeline. */
export interface CorrectiveParts {
  /** The retrieval half of the pipeline (stages 1 to 5) for one search text. */
  readonly retrieve: (text: string, signal?: AbortSignal) => Promise<readonly RagCitation[]>;
  readonly model: RagModel | undefined;
  readonly collection: string;
  readonly generation: RagSettings['Generation'];
  /** `Svc:Rag:Corrective:MaxIterations`: searches at most. */
  readonly maxIterations: number;
  /** `Svc:Rag:Corrective:TimeoutSeconds`: past it, the breaker trips and `generate` answers with what there is. */
  readonly timeoutSeconds: number;
  /** Present only when both web switches are on. */
  readonly web?: WebFallbackOptions;
}

/** The graph's working state. */
export interface CorrectiveState {
  /** The original question: every grade is against it, whatever the search text. */
  readonly question: string;
  readonly query: string;
  readonly tried: readonly string[];
  readonly searches: number;
  readonly passages: readonly RagCitation[];
  readonly grade?: RelevanceGrade;
  readonly webUsed: boolean;
  /** The rewrite found no search not yet tried. */
  readonly exhausted: boolean;
  readonly answer?: GeneratedAnswer;
  readonly groundedness?: Groundedness;
  readonly bestEffort: boolean;
  readonly trace: readonly RagTraceStep[];
}

const tracer = () => trace.getTracer('orkeon.rag');

/**
 * The corrective profile (CRAG) on the core's StateGraph: retrieve → evaluate, graded against
 * the original question; Correct → generate, Ambiguous → refine → generate, Incorrect →
 * rewrite_query → retrieve while searches are left, then web_fallback (once, when both switches
 * are on) or a best-effort generate; generate → check_groundedness, which sends an ungrounded
 * answer back to rewrite_query while searches are left. The graph's breaker is a second bound:
 * when it trips, `generate` runs once with what the state holds. It never throws for a loop.
 */
export async function correctiveAnswer(
  question: string,
  parts: CorrectiveParts,
  signal?: AbortSignal,
): Promise<RagAnswer> {
  const graph = new StateGraph<CorrectiveState>()
    .addNode(
      'retrieve',
      traced('retrieve', signal, async (state, nodeSignal) => {
        const passages = await parts.retrieve(state.query, nodeSignal);
        return {
          update: { passages, searches: state.searches + 1, tried: [...state.tried, state.query] },
          detail: { query: state.query, passages: passages.length, search: state.searches + 1 },
        };
      }),
    )
    .addNode(
      'evaluate',
      traced('evaluate', signal, async (state, nodeSignal) => {
        const grade = await gradeRelevance(state.question, state.passages, parts.model, nodeSignal);
        return {
          update: { grade },
          detail: { verdict: grade.verdict, judge: grade.judge, best: Math.max(0, ...grade.scores) },
        };
      }),
    )
    .addNode(
      'refine',
      traced('refine', signal, async (state) => {
        const passages = refinePassages(state.question, state.passages, state.grade?.scores ?? []);
        return { update: { passages }, detail: { from: state.passages.length, kept: passages.length } };
      }),
    )
    .addNode(
      'rewrite_query',
      traced('rewrite_query', signal, async (state, nodeSignal) => {
        const query = await rewriteQuery(state.question, state.tried, parts.model, nodeSignal);
        if (query === undefined) return { update: { exhausted: true }, detail: { rewritten: false } };
        return { update: { query }, detail: { rewritten: true, query } };
      }),
    )
    .addNode(
      'web_fallback',
      traced('web_fallback', signal, async (state, nodeSignal) => {
        const web = parts.web;
        if (web === undefined) return { update: { webUsed: true }, detail: { enabled: false } };
        try {
          const report = await webFallback(state.question, web, nodeSignal);
          const { passages, ...counts } = report;
          return {
            update: { webUsed: true, ...(passages.length > 0 ? { passages } : {}) },
            detail: { ...counts, passages: passages.length },
          };
        } catch (error) {
          if (nodeSignal.aborted) throw error;
          return { update: { webUsed: true }, detail: { failed: (error as Error).message } };
        }
      }),
    )
    .addNode(
      'generate',
      traced('generate', signal, async (state, nodeSignal) => {
        const answer = await generateAnswer(
          state.question,
          state.passages,
          parts.collection,
          parts.model,
          parts.generation,
          nodeSignal,
        );
        const bestEffort = state.grade?.verdict !== 'Correct' && state.grade?.verdict !== 'Ambiguous';
        return {
          update: { answer, bestEffort },
          detail: { modelCalled: answer.grounded, citations: answer.citations.length, bestEffort },
        };
      }),
    )
    .addNode(
      'check_groundedness',
      traced('check_groundedness', signal, async (state, nodeSignal) => {
        if (state.answer?.grounded !== true) return { update: {}, detail: { checked: false } };
        const groundedness = await checkGroundedness(state.answer.text, state.passages, parts.model, nodeSignal);
        return {
          update: { groundedness },
          detail: { checked: true, score: groundedness.score, verdict: groundedness.verdict },
        };
      }),
    )
    .addEdge(START, 'retrieve')
    .addEdge('retrieve', 'evaluate')
    .addConditionalEdge(
      'evaluate',
      (state) => {
        if (state.grade?.verdict === 'Correct') return 'generate';
        if (state.grade?.verdict === 'Ambiguous') return 'refine';
        return searchAgainOr(state, parts);
      },
      ['generate', 'refine', 'rewrite_query', 'web_fallback'],
    )
    .addEdge('refine', 'generate')
    .addConditionalEdge('rewrite_query', (state) => (state.exhausted ? afterLastSearch(state, parts) : 'retrieve'), [
      'retrieve',
      'web_fallback',
      'generate',
    ])
    .addEdge('web_fallback', 'evaluate')
    .addEdge('generate', 'check_groundedness')
    .addConditionalEdge(
      'check_groundedness',
      (state) =>
        state.groundedness?.verdict === 'ungrounded' && state.searches < parts.maxIterations && !state.exhausted
          ? 'rewrite_query'
          : END,
      ['rewrite_query', END],
    );
  const compiled = graph.compile({
    // Each node runs at most once per search, plus the first pass and the degraded generate.
    breaker: circuitBreakerPolicy('strict', {
      maxStateVisits: parts.maxIterations + 2,
      maxTransitions: 8 * (parts.maxIterations + 1),
      maxTotalDurationMilliseconds: Math.round(parts.timeoutSeconds * 1000),
      stateTimeoutMilliseconds: Math.round(parts.timeoutSeconds * 1000),
      useDegradedMode: true,
    }),
    degradedNode: 'generate',
  });
  const initial: CorrectiveState = {
    question,
    query: question,
    tried: [],
    searches: 0,
    passages: [],
    webUsed: false,
    exhausted: false,
    bestEffort: false,
    trace: [],
  };
  const result = await compiled.run(initial, signal === undefined ? {} : { signal });
  if (result.status === 'interrupted') throw signal?.reason ?? new Error('The corrective query was stopped.');
  const state = result.state;
  const answer = state.answer ?? { text: '', citations: [], grounded: false };
  return {
    collection: parts.collection,
    passages: state.passages,
    trace: state.trace,
    text: answer.text,
    citations: answer.citations,
    grounded: answer.grounded,
    ...(state.groundedness === undefined ? {} : { groundedness: state.groundedness }),
    bestEffort: state.bestEffort || result.status !== 'completed',
  };
}

/** Incorrect: search again while searches are left, else the web once, else answer with what there is. */
function searchAgainOr(state: CorrectiveState, parts: CorrectiveParts): string {
  if (state.searches < parts.maxIterations && !state.exhausted) return 'rewrite_query';
  return afterLastSearch(state, parts);
}

function afterLastSearch(state: CorrectiveState, parts: CorrectiveParts): string {
  return parts.web !== undefined && !state.webUsed ? 'web_fallback' : 'generate';
}

/**
 * A node that records its trace step `corrective:<node>` and its span `rag.corrective.<node>`.
 * Its work is stopped with the query, and when the breaker's time bound ends the node.
 */
function traced(
  node: CorrectiveNode,
  querySignal: AbortSignal | undefined,
  work: (
    state: Readonly<CorrectiveState>,
    signal: AbortSignal,
  ) => Promise<{ update: Partial<CorrectiveState>; detail: RagTraceStep['detail'] }>,
): GraphNode<CorrectiveState> {
  return (state, context) =>
    tracer().startActiveSpan(`rag.corrective.${node}`, async (span: Span) => {
      const started = performance.now();
      const signal = querySignal === undefined ? context.signal : AbortSignal.any([querySignal, context.signal]);
      try {
        const { update, detail } = await work(state, signal);
        span.setAttributes(
          Object.fromEntries(Object.entries(detail).map(([key, item]) => [`orkeon.rag.${key}`, item])),
        );
        const step: RagTraceStep = {
          stage: `corrective:${node}`,
          durationMs: Math.round((performance.now() - started) * 100) / 100,
          detail,
        };
        return { ...update, trace: [...state.trace, step] };
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
}
