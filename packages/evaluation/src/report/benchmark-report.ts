import type { Statistics } from '../statistics.js';

/** The version of the JSON report's shape; a release that changes it incompatibly raises it, and still reads older ones. */
export const benchmarkReportFormatVersion = 1;

/** A failure: its code (an Orkeon error code when there is one) and message. */
export interface FailureInfo {
  readonly code: string;
  readonly message: string;
}

/**
 * One evaluator's verdict on one run: a score, or the error that kept it from scoring; `tokens`, the
 * model tokens the evaluation used (an LLM judge's call, also when its answer could not be read).
 */
export type RunEvaluation =
  | { readonly score: number; readonly details?: string; readonly tokens?: number }
  | { readonly error: FailureInfo; readonly tokens?: number };

/** One run of one case. */
export interface BenchmarkRunRecord {
  /** From 1. */
  readonly run: number;
  /** False when the run threw or the crew did not succeed; such a run is not scored. */
  readonly success: boolean;
  /** The crew's final answer ('' when there was none). */
  readonly answer: string;
  readonly error?: FailureInfo;
  readonly durationMs: number;
  /** Tokens the run used, when the run reported them. */
  readonly tokens?: number;
  /** Estimated cost in US dollars, when prices are known. */
  readonly costUsd?: number;
  /** The tools called, in order. */
  readonly toolCalls: readonly string[];
  /** By evaluator name; only the evaluators that apply to the case, and only for successful runs. */
  readonly evaluations: Readonly<Record<string, RunEvaluation>>;
}

/** One evaluator over the runs of one case. */
export interface EvaluatorCaseSummary {
  /** Over the runs it scored; `null` when it scored none. */
  readonly scores: Statistics | null;
  /** Runs whose evaluation failed (an evaluator error, an unreadable judge answer). */
  readonly errors: number;
}

/** One case: its runs and their statistics. */
export interface BenchmarkCaseReport {
  readonly id: string;
  readonly description?: string;
  readonly runs: readonly BenchmarkRunRecord[];
  readonly failedRuns: number;
  /** Successful runs ÷ runs. */
  readonly successRate: number;
  /** Over every run, failed ones included. */
  readonly durationMs: Statistics | null;
  /** Over the runs that reported tokens. */
  readonly tokens: Statistics | null;
  /** By evaluator name, the evaluators that apply to the case. */
  readonly evaluators: Readonly<Record<string, EvaluatorCaseSummary>>;
}

/** The whole benchmark at a glance. */
export interface BenchmarkSummary {
  readonly cases: number;
  readonly runs: number;
  readonly failedRuns: number;
  readonly successRate: number;
  readonly totalDurationMs: number;
  readonly totalTokens: number;
  /** Tokens the evaluations used (the LLM judge's calls), apart from the runs' `totalTokens`; absent in reports of releases before it was counted. */
  readonly evaluationTokens?: number;
  /** By evaluator name: statistics of the case means (`count` is the number of cases it scored). */
  readonly evaluators: Readonly<Record<string, Statistics | null>>;
  /** The mean of the evaluators' means; `null` when nothing was scored. */
  readonly overallScore: number | null;
}

/** A mean that moved between two reports. */
export interface ScoreChange {
  readonly caseId: string;
  /** An evaluator's name, or `successRate` for the share of runs that succeeded. */
  readonly evaluator: string;
  readonly before: number;
  readonly after: number;
  /** `after − before`. */
  readonly change: number;
  /** The standard error of the difference the change was judged against. */
  readonly noise: number;
}

/** What changed since a previous report (see `compareBenchmarkReports` for the rule). */
export interface BenchmarkComparison {
  readonly baseline: { readonly name: string; readonly dataset: string; readonly createdAt: string };
  readonly threshold: number;
  readonly noiseMultiplier: number;
  readonly regressions: readonly ScoreChange[];
  readonly improvements: readonly ScoreChange[];
  /** Cases only the new report has, and only the previous one. */
  readonly addedCases: readonly string[];
  readonly removedCases: readonly string[];
  readonly overallScore: { readonly before: number | null; readonly after: number | null };
}

/** What a benchmark run produced (the JSON report, `formatVersion` 1). */
export interface BenchmarkReport {
  readonly formatVersion: typeof benchmarkReportFormatVersion;
  /** The crew's name, or the name given. */
  readonly name: string;
  /** Where the cases came from (the dataset file, or `code`). */
  readonly dataset: string;
  /** When the benchmark started, ISO 8601 in UTC. */
  readonly createdAt: string;
  readonly runsPerCase: number;
  /** Which standard deviation the statistics hold: always the sample one (n − 1). */
  readonly standardDeviation: 'sample';
  /** The suite's evaluators, in order. */
  readonly evaluators: readonly string[];
  readonly cases: readonly BenchmarkCaseReport[];
  readonly summary: BenchmarkSummary;
  /** Set when the report was compared with a previous one. */
  readonly comparison?: BenchmarkComparison;
}
