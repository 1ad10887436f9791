import type { BenchmarkCaseReport, BenchmarkComparison, BenchmarkReport, ScoreChange } from './benchmark-report.js';

/** When a change of a mean counts (`Svc:Benchmarking:RegressionThreshold` and `NoiseMultiplier`). */
export interface RegressionRule {
  /** The smallest change of a mean (0 to 1) that counts. */
  readonly threshold: number;
  /** The change must also exceed this many standard errors of the difference. */
  readonly noiseMultiplier: number;
}

interface Mean {
  readonly mean: number;
  /** The standard error of the mean: s / √n. */
  readonly standardError: number;
}

/**
 * Compares two reports, case by case (matched by id) and evaluator by evaluator. A mean that fell
 * by more than `threshold` **and** by more than `noiseMultiplier` × √(s₁²/n₁ + s₂²/n₂) (the
 * standard error of the difference, from the runs' sample standard deviations) is a regression;
 * the same rise is an improvement. The share of successful runs is compared the same way, as
 * `successRate` (its standard error √(p(1−p)/n)). An evaluator scored on one side only, and cases
 * on one side only, are listed apart and are neither.
 */
export function compareBenchmarkReports(
  before: BenchmarkReport,
  after: BenchmarkReport,
  rule: RegressionRule,
): BenchmarkComparison {
  const previous = new Map(before.cases.map((item) => [item.id, item]));
  const regressions: ScoreChange[] = [];
  const improvements: ScoreChange[] = [];
  for (const current of after.cases) {
    const earlier = previous.get(current.id);
    if (earlier === undefined) continue;
    const names = [...Object.keys(current.evaluators), 'successRate'];
    for (const name of names) {
      const [from, to] = [meanOf(earlier, name), meanOf(current, name)];
      if (from === undefined || to === undefined) continue;
      const change = to.mean - from.mean;
      const noise = Math.sqrt(from.standardError ** 2 + to.standardError ** 2);
      if (Math.abs(change) <= rule.threshold || Math.abs(change) <= rule.noiseMultiplier * noise) continue;
      const entry = { caseId: current.id, evaluator: name, before: from.mean, after: to.mean, change, noise };
      (change < 0 ? regressions : improvements).push(entry);
    }
  }
  const currentIds = new Set(after.cases.map((item) => item.id));
  return {
    baseline: { name: before.name, dataset: before.dataset, createdAt: before.createdAt },
    threshold: rule.threshold,
    noiseMultiplier: rule.noiseMultiplier,
    regressions: regressions.sort((a, b) => a.change - b.change),
    improvements: improvements.sort((a, b) => b.change - a.change),
    addedCases: after.cases.filter((item) => !previous.has(item.id)).map((item) => item.id),
    removedCases: before.cases.filter((item) => !currentIds.has(item.id)).map((item) => item.id),
    overallScore: { before: before.summary.overallScore, after: after.summary.overallScore },
  };
}

function meanOf(item: BenchmarkCaseReport, name: string): Mean | undefined {
  if (name === 'successRate') {
    const runs = item.runs.length;
    if (runs === 0) return undefined;
    const rate = item.successRate;
    return { mean: rate, standardError: Math.sqrt((rate * (1 - rate)) / runs) };
  }
  const scores = item.evaluators[name]?.scores;
  if (scores === null || scores === undefined) return undefined;
  return { mean: scores.mean, standardError: scores.standardDeviation / Math.sqrt(scores.count) };
}
