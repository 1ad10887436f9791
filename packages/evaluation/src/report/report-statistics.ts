import type { BenchmarkCase } from '../dataset/benchmark-case.js';
import { statisticsOf } from '../statistics.js';
import type {
  BenchmarkCaseReport,
  BenchmarkRunRecord,
  BenchmarkSummary,
  EvaluatorCaseSummary,
} from './benchmark-report.js';

/** A case's runs with their statistics; `evaluators` are the names of those that apply to it. */
export function caseReportOf(
  benchmarkCase: BenchmarkCase,
  runs: readonly BenchmarkRunRecord[],
  evaluators: readonly string[],
): BenchmarkCaseReport {
  const failedRuns = runs.filter((run) => !run.success).length;
  const summaries: Record<string, EvaluatorCaseSummary> = {};
  for (const name of evaluators) {
    const verdicts = runs.flatMap((run) => {
      const verdict = run.evaluations[name];
      return verdict === undefined ? [] : [verdict];
    });
    summaries[name] = {
      scores: statisticsOf(verdicts.flatMap((verdict) => ('score' in verdict ? [verdict.score] : []))),
      errors: verdicts.filter((verdict) => 'error' in verdict).length,
    };
  }
  return {
    id: benchmarkCase.id,
    ...(benchmarkCase.description === undefined ? {} : { description: benchmarkCase.description }),
    runs,
    failedRuns,
    successRate: runs.length === 0 ? 0 : (runs.length - failedRuns) / runs.length,
    durationMs: statisticsOf(runs.map((run) => run.durationMs)),
    tokens: statisticsOf(runs.flatMap((run) => (run.tokens === undefined ? [] : [run.tokens]))),
    evaluators: summaries,
  };
}

/** Totals over the cases, and per evaluator the statistics of its case means. */
export function summaryOf(cases: readonly BenchmarkCaseReport[], evaluators: readonly string[]): BenchmarkSummary {
  const runs = cases.flatMap((item) => item.runs);
  const failedRuns = runs.filter((run) => !run.success).length;
  const byEvaluator: BenchmarkSummary['evaluators'] = Object.fromEntries(
    evaluators.map((name) => [
      name,
      statisticsOf(
        cases.flatMap((item) => {
          const mean = item.evaluators[name]?.scores?.mean;
          return mean === undefined ? [] : [mean];
        }),
      ),
    ]),
  );
  const means = Object.values(byEvaluator).flatMap((statistics) => (statistics === null ? [] : [statistics.mean]));
  return {
    cases: cases.length,
    runs: runs.length,
    failedRuns,
    successRate: runs.length === 0 ? 0 : (runs.length - failedRuns) / runs.length,
    totalDurationMs: runs.reduce((sum, run) => sum + run.durationMs, 0),
    totalTokens: runs.reduce((sum, run) => sum + (run.tokens ?? 0), 0),
    evaluationTokens: runs.reduce(
      (sum, run) => sum + Object.values(run.evaluations).reduce((part, verdict) => part + (verdict.tokens ?? 0), 0),
      0,
    ),
    evaluators: byEvaluator,
    overallScore: statisticsOf(means)?.mean ?? null,
  };
}
