import { type Runtime, serviceToken } from '@orkeon/core';
import type { BenchmarkCase } from '../dataset/benchmark-case.js';

/** What one run of a case produced, as the evaluators see it. */
export interface EvaluationSample {
  readonly benchmarkCase: BenchmarkCase;
  /** The crew's final answer. */
  readonly answer: string;
  /** The names of the tools the run called, in call order (repeats included). */
  readonly toolCalls: readonly string[];
}

/** What an evaluator may use besides the sample: the runtime the crew ran in (its model, its embeddings). */
export interface EvaluationContext {
  readonly runtime: Runtime;
  readonly signal?: AbortSignal;
}

/** One evaluator's verdict on one run. */
export interface EvaluationResult {
  /** From 0 (worst) to 1 (best). */
  readonly score: number;
  /** Why, in a few words (shown in the JSON report). */
  readonly details?: string;
  /** Model tokens the evaluation itself used (an LLM judge's call): reported beside the run's tokens, never in them. */
  readonly tokens?: number;
}

/**
 * Scores answers from 0 to 1. `appliesTo` says whether a case gives what the evaluator
 * needs (an expected answer, a schema, …); only then is `evaluate` called. A throw is
 * recorded as that evaluation's error, never as a score.
 */
export interface Evaluator {
  /** Names the evaluator in reports; letters, digits, `-` and `_`, starting with a letter. */
  readonly name: string;
  appliesTo(benchmarkCase: BenchmarkCase): boolean;
  evaluate(sample: EvaluationSample, context: EvaluationContext): EvaluationResult | Promise<EvaluationResult>;
}

/**
 * The host's own evaluators: each registration (`services.addSingleton(EvaluatorService, …)`) joins the
 * suite after the built-in ones; one with a built-in's name replaces it.
 */
export const EvaluatorService = serviceToken<Evaluator>('Evaluator');
