import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BenchmarkCaseReport,
  type BenchmarkReport,
  BenchmarkReportInvalidError,
  type BenchmarkRunRecord,
  benchmarkReportJson,
  compareBenchmarkReports,
  parseBenchmarkReport,
  readBenchmarkReport,
  renderBenchmarkReportMarkdown,
  statisticsOf,
} from '../src/index.js';

const fixture = fileURLToPath(new URL('fixtures/report-v1.json', import.meta.url));

/** A case whose successful runs scored `scores` per evaluator, then `failed` failed runs. */
function caseOf(id: string, scores: Record<string, number[]>, failed = 0): BenchmarkCaseReport {
  const count = Math.max(0, ...Object.values(scores).map((values) => values.length));
  const runs: BenchmarkRunRecord[] = [
    ...Array.from({ length: count }, (_, index) => ({
      run: index + 1,
      success: true,
      answer: 'a',
      durationMs: 100,
      tokens: 10,
      toolCalls: [],
      evaluations: Object.fromEntries(
        Object.entries(scores).map(([name, values]) => [name, { score: values[index] ?? 0 }]),
      ),
    })),
    ...Array.from({ length: failed }, (_, index) => ({
      run: count + index + 1,
      success: false,
      answer: '',
      error: { code: 'LLM_CALL_FAILED', message: 'HTTP 500' },
      durationMs: 100,
      toolCalls: [],
      evaluations: {},
    })),
  ];
  return {
    id,
    runs,
    failedRuns: failed,
    successRate: count / (count + failed),
    durationMs: statisticsOf(runs.map((run) => run.durationMs)),
    tokens: statisticsOf(runs.flatMap((run) => (run.tokens === undefined ? [] : [run.tokens]))),
    evaluators: Object.fromEntries(
      Object.entries(scores).map(([name, values]) => [name, { scores: statisticsOf(values), errors: 0 }]),
    ),
  };
}

async function previous(): Promise<BenchmarkReport> {
  return readBenchmarkReport(fixture);
}

describe('the JSON report', () => {
  it('reads the checked-in report of formatVersion 1', async () => {
    const report = await previous();
    expect(report.formatVersion).toBe(1);
    expect(report.cases.map((item) => item.id)).toEqual(['capital', 'river', 'retired']);
    expect(report.cases[1]?.runs[1]?.error).toEqual({ code: 'LLM_CALL_FAILED', message: 'HTTP 500' });
    expect(report.summary.overallScore).toBe(0.875);
    // Written again, it reads back the same.
    expect(parseBenchmarkReport(benchmarkReportJson(report))).toEqual(report);
    expect(report.summary.evaluationTokens).toBeUndefined();
  });

  it('keeps the evaluations’ tokens of this release', async () => {
    const report = await previous();
    const [first, ...rest] = report.cases;
    const judged: BenchmarkReport = {
      ...report,
      cases: [
        {
          ...(first as BenchmarkCaseReport),
          runs: (first?.runs ?? []).map((run) => ({
            ...run,
            evaluations: { ...run.evaluations, llmJudge: { score: 0.8, details: 'judge: 8/10', tokens: 40 } },
          })),
        },
        ...rest,
      ],
      summary: { ...report.summary, evaluationTokens: 80 },
    };
    const read = parseBenchmarkReport(benchmarkReportJson(judged));
    expect(read.summary.evaluationTokens).toBe(80);
    expect(read.cases[0]?.runs[0]?.evaluations.llmJudge).toEqual({ score: 0.8, details: 'judge: 8/10', tokens: 40 });
    expect(renderBenchmarkReportMarkdown(read)).toContain('| 420 | 80 | 3.4 s |');
  });

  it('names a report it cannot read and says what to do', async () => {
    const text = await readFile(fixture, 'utf8');
    const refused = (input: string) => () => parseBenchmarkReport(input, 'old.json');
    expect(refused('{')).toThrow(BenchmarkReportInvalidError);
    expect(refused('{')).toThrow(/^old\.json is not JSON/);
    expect(refused('{"name": "x"}')).toThrow('old.json has no formatVersion, so it is not a benchmark report');
    expect(refused(text.replace('"formatVersion": 1', '"formatVersion": 2'))).toThrow(
      'old.json has formatVersion 2, which this release does not read (it reads 1 to 1)',
    );
    expect(refused(text.replace('"runsPerCase": 2', '"runsPerCase": "2"'))).toThrow(
      /old\.json is not a valid benchmark report: 'runsPerCase': /,
    );
    await expect(readBenchmarkReport('/nowhere/report.json')).rejects.toThrow(
      'The report /nowhere/report.json does not exist',
    );
  });
});

describe('compareBenchmarkReports', () => {
  const rule = { threshold: 0.1, noiseMultiplier: 2 };

  it('names regressions beyond the threshold and the noise, improvements too, and cases on one side only', async () => {
    const before = await previous();
    const after: BenchmarkReport = {
      ...before,
      createdAt: '2026-11-28T10:00:00.000Z',
      cases: [
        // similarity 1 → 0.6 (noise 0.1): a regression. textQuality 1 → 0.75 but noise 0.25: within the noise.
        caseOf('capital', { similarity: [0.5, 0.7], textQuality: [1, 0.5] }),
        // similarity 0.5 → 0.55: within the threshold. Success 1/2 → 2/2: within the noise of two runs.
        caseOf('river', { similarity: [0.55, 0.55], textQuality: [1, 1] }),
        caseOf('lake', { similarity: [1] }),
      ],
    };
    const comparison = compareBenchmarkReports(before, after, rule);
    expect(comparison.regressions).toEqual([
      {
        caseId: 'capital',
        evaluator: 'similarity',
        before: 1,
        after: 0.6,
        change: expect.closeTo(-0.4),
        noise: expect.closeTo(0.1),
      },
    ]);
    expect(comparison.improvements).toEqual([]);
    expect(comparison.addedCases).toEqual(['lake']);
    expect(comparison.removedCases).toEqual(['retired']);
    expect(comparison.baseline).toEqual({
      name: 'geography',
      dataset: 'examples/evaluation/dataset.jsonl',
      createdAt: '2026-11-20T09:00:00.000Z',
    });

    // Without the noise rule, the text-quality drop counts, and the river's success rate is an improvement.
    const loose = compareBenchmarkReports(before, after, { threshold: 0.1, noiseMultiplier: 0 });
    expect(loose.regressions.map((change) => `${change.caseId}/${change.evaluator}`)).toEqual([
      'capital/similarity',
      'capital/textQuality',
    ]);
    expect(loose.improvements).toEqual([
      {
        caseId: 'river',
        evaluator: 'successRate',
        before: 0.5,
        after: 1,
        change: 0.5,
        noise: expect.closeTo(Math.sqrt(0.125)),
      },
    ]);
  });

  it('counts a fall of the success rate as a regression', async () => {
    const before = { ...(await previous()), cases: [caseOf('a', { similarity: [1, 1, 1, 1, 1, 1] })] };
    const after = { ...before, cases: [caseOf('a', { similarity: [1] }, 5)] };
    const comparison = compareBenchmarkReports(before, after, { threshold: 0.1, noiseMultiplier: 1 });
    expect(comparison.regressions).toMatchObject([{ caseId: 'a', evaluator: 'successRate', before: 1, after: 1 / 6 }]);
  });
});

describe('the Markdown report', () => {
  it('has the summary, a row per case with mean ± sd per evaluator, the failures and the comparison', async () => {
    const before = await previous();
    const after: BenchmarkReport = {
      ...before,
      cases: [caseOf('capital', { similarity: [0.5, 0.7], textQuality: [1, 1] }), ...before.cases.slice(1)],
    };
    const markdown = renderBenchmarkReportMarkdown({
      ...after,
      comparison: compareBenchmarkReports(before, after, { threshold: 0.1, noiseMultiplier: 2 }),
    });
    expect(markdown).toContain('# Benchmark: geography\n');
    expect(markdown).toContain(
      'Dataset `examples/evaluation/dataset.jsonl`: 3 case(s) × 2 run(s), started 2026-11-20T09:00:00.000Z.',
    );
    // A report of a release before evaluation tokens were counted shows none.
    expect(markdown).toContain('| 5 | 1 | 80 % | 0.88 | 420 | – | 3.4 s |');
    expect(markdown).toContain('| similarity | 2 | 0.75 | 0.35 | 0.50 | 1.00 |');
    // Only the evaluators that applied to some case get a column.
    expect(markdown).toContain('| case | runs ok | similarity | textQuality | duration | tokens |');
    expect(markdown).toContain('| capital | 2/2 | 0.60 ± 0.14 | 1.00 ± 0.00 | 0.1 s | 10 |');
    expect(markdown).toContain('| retired | 1/1 | – | – | 0.0 s | – |');
    expect(markdown).toContain(
      '## Failed runs\n\nFailed runs are not scored.\n\n- `river` run 2: LLM_CALL_FAILED: HTTP 500',
    );
    expect(markdown).toContain('## Compared with geography of 2026-11-20T09:00:00.000Z');
    expect(markdown).toContain('### Regressions (1)');
    expect(markdown).toContain('| capital | similarity | 1.00 | 0.60 | -0.40 |');
    expect(markdown).toContain('### Improvements: none');
  });
});
