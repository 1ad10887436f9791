import type { Statistics } from '../statistics.js';
import type { BenchmarkComparison, BenchmarkReport, ScoreChange } from './benchmark-report.js';

/**
 * The report as Markdown: the summary, a table with a row per case and a column per evaluator
 * (mean ± sample standard deviation, `–` where the evaluator does not apply), the failed runs and
 * failed evaluations, and the comparison when there is one.
 */
export function renderBenchmarkReportMarkdown(report: BenchmarkReport): string {
  const { summary } = report;
  const evaluators = report.evaluators.filter((name) => report.cases.some((item) => name in item.evaluators));
  const lines = [
    `# Benchmark: ${cell(report.name)}`,
    '',
    `Dataset \`${report.dataset}\`: ${summary.cases} case(s) × ${report.runsPerCase} run(s), started ${report.createdAt}. Scores go from 0 to 1; ± is the sample standard deviation (n − 1).`,
    '',
    '## Summary',
    '',
    '| runs | failed | success rate | overall score | tokens | evaluation tokens | duration |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${summary.runs} | ${summary.failedRuns} | ${percent(summary.successRate)} | ${score(summary.overallScore)} | ${summary.totalTokens} | ${summary.evaluationTokens ?? '–'} | ${seconds(summary.totalDurationMs)} |`,
    '',
    '| evaluator | cases | mean | ± | min | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...evaluators.map((name) => {
      const statistics = summary.evaluators[name] ?? null;
      return statistics === null
        ? `| ${name} | 0 | – | – | – | – |`
        : `| ${name} | ${statistics.count} | ${score(statistics.mean)} | ${score(statistics.standardDeviation)} | ${score(statistics.min)} | ${score(statistics.max)} |`;
    }),
    '',
    '## Cases',
    '',
    `| case | runs ok | ${evaluators.join(' | ')} | duration | tokens |`,
    `| --- | ---: | ${evaluators.map(() => '---:').join(' | ')} | ---: | ---: |`,
    ...report.cases.map((item) => {
      const scores = evaluators.map((name) => {
        const result = item.evaluators[name];
        if (result === undefined) return '–';
        const errors = result.errors === 0 ? '' : ` (${result.errors} error${result.errors === 1 ? '' : 's'})`;
        return `${spread(result.scores)}${errors}`;
      });
      const ok = item.runs.length - item.failedRuns;
      return `| ${cell(item.id)} | ${ok}/${item.runs.length} | ${scores.join(' | ')} | ${item.durationMs === null ? '–' : seconds(item.durationMs.mean)} | ${item.tokens === null ? '–' : Math.round(item.tokens.mean)} |`;
    }),
    ...problems(report),
    ...(report.comparison === undefined ? [] : comparisonLines(report.comparison)),
  ];
  return `${lines.join('\n')}\n`;
}

function problems(report: BenchmarkReport): string[] {
  const failed = report.cases.flatMap((item) =>
    item.runs.flatMap((run) =>
      run.error === undefined
        ? []
        : [`- \`${cell(item.id)}\` run ${run.run}: ${run.error.code}: ${oneLine(run.error.message)}`],
    ),
  );
  const evaluations = report.cases.flatMap((item) =>
    item.runs.flatMap((run) =>
      Object.entries(run.evaluations).flatMap(([name, verdict]) =>
        'error' in verdict
          ? [`- \`${cell(item.id)}\` run ${run.run}, ${name}: ${verdict.error.code}: ${oneLine(verdict.error.message)}`]
          : [],
      ),
    ),
  );
  return [
    ...(failed.length === 0 ? [] : ['', '## Failed runs', '', 'Failed runs are not scored.', '', ...failed]),
    ...(evaluations.length === 0 ? [] : ['', '## Failed evaluations', '', ...evaluations]),
  ];
}

function comparisonLines(comparison: BenchmarkComparison): string[] {
  const table = (title: string, changes: readonly ScoreChange[]) =>
    changes.length === 0
      ? ['', `### ${title}: none`]
      : [
          '',
          `### ${title} (${changes.length})`,
          '',
          '| case | evaluator | before | after | change |',
          '| --- | --- | ---: | ---: | ---: |',
          ...changes.map(
            (change) =>
              `| ${cell(change.caseId)} | ${change.evaluator} | ${score(change.before)} | ${score(change.after)} | ${signed(change.change)} |`,
          ),
        ];
  const { before, after } = comparison.overallScore;
  return [
    '',
    `## Compared with ${cell(comparison.baseline.name)} of ${comparison.baseline.createdAt}`,
    '',
    `Overall score ${score(before)} → ${score(after)}. A change counts when it exceeds ${comparison.threshold} and ${comparison.noiseMultiplier} standard errors of the difference.`,
    ...table('Regressions', comparison.regressions),
    ...table('Improvements', comparison.improvements),
    ...(comparison.addedCases.length === 0 ? [] : ['', `New cases: ${comparison.addedCases.map(cell).join(', ')}`]),
    ...(comparison.removedCases.length === 0
      ? []
      : ['', `Cases no longer in the dataset: ${comparison.removedCases.map(cell).join(', ')}`]),
  ];
}

function spread(statistics: Statistics | null): string {
  return statistics === null ? 'n/a' : `${score(statistics.mean)} ± ${score(statistics.standardDeviation)}`;
}

function score(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(2);
}

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10} %`;
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/** Text safe inside a table cell: pipes escaped, on one line. */
function cell(text: string): string {
  return oneLine(text).replaceAll('|', '\\|');
}

function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, ' ');
}
