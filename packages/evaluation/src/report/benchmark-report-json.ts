import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { BenchmarkReportInvalidError } from '../evaluation-errors.js';
import { type BenchmarkReport, benchmarkReportFormatVersion } from './benchmark-report.js';

const statistics = z
  .object({
    count: z.number(),
    mean: z.number(),
    standardDeviation: z.number(),
    min: z.number(),
    max: z.number(),
  })
  .nullable();
const failure = z.object({ code: z.string(), message: z.string() });

// Objects are read loosely: a later release may add fields without raising formatVersion.
const reportV1 = z.object({
  formatVersion: z.literal(1),
  name: z.string(),
  dataset: z.string(),
  createdAt: z.string(),
  runsPerCase: z.number(),
  standardDeviation: z.literal('sample'),
  evaluators: z.array(z.string()),
  cases: z.array(
    z.object({
      id: z.string(),
      description: z.string().optional(),
      runs: z.array(
        z.object({
          run: z.number(),
          success: z.boolean(),
          answer: z.string(),
          error: failure.optional(),
          durationMs: z.number(),
          tokens: z.number().optional(),
          costUsd: z.number().optional(),
          toolCalls: z.array(z.string()),
          evaluations: z.record(
            z.string(),
            z.union([
              z.object({ score: z.number(), details: z.string().optional(), tokens: z.number().optional() }),
              z.object({ error: failure, tokens: z.number().optional() }),
            ]),
          ),
        }),
      ),
      failedRuns: z.number(),
      successRate: z.number(),
      durationMs: statistics,
      tokens: statistics,
      evaluators: z.record(z.string(), z.object({ scores: statistics, errors: z.number() })),
    }),
  ),
  summary: z.object({
    cases: z.number(),
    runs: z.number(),
    failedRuns: z.number(),
    successRate: z.number(),
    totalDurationMs: z.number(),
    totalTokens: z.number(),
    evaluationTokens: z.number().optional(),
    evaluators: z.record(z.string(), statistics),
    overallScore: z.number().nullable(),
  }),
  comparison: z.unknown().optional(),
});

/** The JSON text of a report (two-space indents, a final line break). */
export function benchmarkReportJson(report: BenchmarkReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * Reads a JSON report of this release or an earlier one (`formatVersion` up to 1). A report of a
 * later release, or text that is not a report, throws `BenchmarkReportInvalidError` naming `source`.
 */
export function parseBenchmarkReport(text: string, source = 'report'): BenchmarkReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BenchmarkReportInvalidError(
      `${source} is not JSON (${(error as Error).message}): give a report written by orkeon eval (its .json file).`,
    );
  }
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version !== 'number')
    throw new BenchmarkReportInvalidError(
      `${source} has no formatVersion, so it is not a benchmark report: give the .json file orkeon eval wrote.`,
    );
  if (version > benchmarkReportFormatVersion || !Number.isInteger(version) || version < 1)
    throw new BenchmarkReportInvalidError(
      `${source} has formatVersion ${version}, which this release does not read (it reads 1 to ${benchmarkReportFormatVersion}): compare with a report of this release, or upgrade @orkeon/evaluation.`,
    );
  const parsed = reportV1.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BenchmarkReportInvalidError(
      `${source} is not a valid benchmark report: '${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}. Give a report written by orkeon eval, unchanged.`,
    );
  }
  // The comparison of the report read is not carried over: it compared that report with an older one.
  const { comparison: _, ...report } = parsed.data;
  return report as BenchmarkReport;
}

/** Reads a JSON report file (see `parseBenchmarkReport`). */
export async function readBenchmarkReport(path: string): Promise<BenchmarkReport> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new BenchmarkReportInvalidError(
      `The report ${path} ${error.code === 'ENOENT' ? 'does not exist' : 'cannot be read'}: give the .json file a previous orkeon eval wrote.`,
    );
  });
  return parseBenchmarkReport(text, path);
}
