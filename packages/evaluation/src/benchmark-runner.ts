import { performance } from 'node:perf_hooks';
import { type CrewDefinition, type RunEvent, type Runtime, serviceToken } from '@orkeon/core';
import type { BenchmarkCase, BenchmarkCaseInput } from './dataset/benchmark-case.js';
import { type BenchmarkDataset, defineBenchmarkDataset } from './dataset/benchmark-dataset.js';
import { BenchmarkConfigInvalidError, EvaluatorInvalidError } from './evaluation-errors.js';
import type { EvaluationSample, Evaluator } from './evaluators/evaluator.js';
import type { EvaluatorSuite } from './evaluators/evaluator-suite.js';
import {
  type BenchmarkComparison,
  type BenchmarkReport,
  type BenchmarkRunRecord,
  benchmarkReportFormatVersion,
  type FailureInfo,
  type RunEvaluation,
} from './report/benchmark-report.js';
import { compareBenchmarkReports, type RegressionRule } from './report/compare-reports.js';
import { caseReportOf, summaryOf } from './report/report-statistics.js';

/** The crew of a benchmark: one definition for every case, or one built from each case (its inputs). */
export type BenchmarkCrew =
  | CrewDefinition
  | ((benchmarkCase: BenchmarkCase) => CrewDefinition | Promise<CrewDefinition>);

/** What to benchmark (the original's `BenchmarkConfig{Dataset, Suite, RunsPerCase}`). */
export interface BenchmarkConfig {
  /** A dataset read with `readBenchmarkDataset`, or cases written in code (validated the same way). */
  readonly dataset: BenchmarkDataset | readonly BenchmarkCaseInput[];
  readonly crew: BenchmarkCrew;
  /** Default: `Svc:Benchmarking:RunsPerCase` (3). */
  readonly runsPerCase?: number;
  /** How many runs go at once, 1 to 64. Default: `Svc:Benchmarking:MaxConcurrentRuns` (1). */
  readonly maxConcurrentRuns?: number;
  /** Default: the registered suite (`EvaluatorSuiteService`). */
  readonly suite?: EvaluatorSuite;
  /** Names the report; default the crew's name (of the first case's crew). */
  readonly name?: string;
  /** Stops the benchmark: the runs in flight end, no other starts, and `run` rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called after every run, in the order the runs finish. */
  readonly onProgress?: (progress: BenchmarkProgress) => void;
}

/** One finished run, for progress lines. */
export interface BenchmarkProgress {
  readonly caseId: string;
  /** The run of the case, from 1. */
  readonly run: number;
  readonly runsPerCase: number;
  /** Runs finished so far, of `total`. */
  readonly completed: number;
  readonly total: number;
  readonly record: BenchmarkRunRecord;
}

export interface BenchmarkRunnerOptions {
  readonly suite: EvaluatorSuite;
  /** Default 3. */
  readonly runsPerCase?: number;
  /** Default 1: one run at a time. */
  readonly maxConcurrentRuns?: number;
  /** When a drop counts as a regression; default threshold 0.1, noise multiplier 2. */
  readonly regression?: RegressionRule;
  /** The time reports are dated with; default the system clock. */
  readonly clock?: () => Date;
}

/**
 * Runs a crew over a dataset, `runsPerCase` times per case, `maxConcurrentRuns` at a time (the
 * cases in order, each case's runs in order), through the runtime the caller already has
 * (`runtime.run`), and scores every successful run with each evaluator of the suite that
 * applies to the case. A run that throws or does not succeed is a failed run: recorded with its
 * error, never dropped, and not scored. The report lists the runs in dataset order, however
 * they finished.
 */
export class BenchmarkRunner {
  readonly #suite: EvaluatorSuite;
  readonly #runsPerCase: number;
  readonly #maxConcurrentRuns: number;
  readonly #regression: RegressionRule;
  readonly #clock: () => Date;

  constructor(options: BenchmarkRunnerOptions) {
    this.#suite = options.suite;
    this.#runsPerCase = options.runsPerCase ?? 3;
    this.#maxConcurrentRuns = options.maxConcurrentRuns ?? 1;
    this.#regression = options.regression ?? { threshold: 0.1, noiseMultiplier: 2 };
    this.#clock = options.clock ?? (() => new Date());
  }

  /** The suite runs are scored with unless a config gives another. */
  get suite(): EvaluatorSuite {
    return this.#suite;
  }

  /** Runs the benchmark and reports per case and per evaluator the mean, standard deviation, min and max. */
  async run(runtime: Runtime, config: BenchmarkConfig): Promise<BenchmarkReport> {
    const runsPerCase = checkedRuns(config.runsPerCase ?? this.#runsPerCase);
    const maxConcurrentRuns = checkedConcurrency(config.maxConcurrentRuns ?? this.#maxConcurrentRuns);
    const dataset = Array.isArray(config.dataset)
      ? defineBenchmarkDataset(config.dataset as readonly BenchmarkCaseInput[])
      : (config.dataset as BenchmarkDataset);
    const suite = config.suite ?? this.#suite;
    const createdAt = this.#clock().toISOString();
    // Every case's crew is built before the first run, so a case that cannot run costs no model call.
    const crews = await crewsFor(dataset.cases, config.crew);
    const evaluatorsOf = dataset.cases.map((benchmarkCase) => suite.for(benchmarkCase));
    // Each run has its place in the report before it starts: runs finishing out of order change nothing there.
    const records = dataset.cases.map(() => new Array<BenchmarkRunRecord>(runsPerCase));
    const queue = dataset.cases.flatMap((_, caseIndex) =>
      Array.from({ length: runsPerCase }, (_unused, index) => ({ caseIndex, run: index + 1 })),
    );
    const total = queue.length;
    let next = 0;
    let completed = 0;
    // A run never throws (its failure is its record): what stops the workers is the signal, or a throwing
    // `onProgress`, and each stops after its own run, so nothing runs on once `run` has settled.
    let stopped: { readonly error: unknown } | undefined;
    const worker = async () => {
      for (let job = queue[next++]; job !== undefined; job = queue[next++]) {
        if (stopped !== undefined || config.signal?.aborted === true) return;
        const benchmarkCase = dataset.cases[job.caseIndex] as BenchmarkCase;
        const crew = crews.get(benchmarkCase.id) as CrewDefinition;
        const evaluators = evaluatorsOf[job.caseIndex] ?? [];
        const record = await runOnce(runtime, crew, benchmarkCase, evaluators, job.run, config.signal);
        (records[job.caseIndex] as BenchmarkRunRecord[])[job.run - 1] = record;
        completed++;
        try {
          config.onProgress?.({ caseId: benchmarkCase.id, run: job.run, runsPerCase, completed, total, record });
        } catch (error) {
          stopped ??= { error };
        }
      }
    };
    config.signal?.throwIfAborted();
    await Promise.all(Array.from({ length: Math.min(maxConcurrentRuns, total) }, worker));
    if (stopped !== undefined) throw stopped.error;
    // A benchmark cut short is not a report: its last runs were interrupted, not failed.
    config.signal?.throwIfAborted();
    const cases = dataset.cases.map((benchmarkCase, caseIndex) =>
      caseReportOf(
        benchmarkCase,
        records[caseIndex] ?? [],
        (evaluatorsOf[caseIndex] ?? []).map((evaluator) => evaluator.name),
      ),
    );
    return {
      formatVersion: benchmarkReportFormatVersion,
      name: config.name ?? crews.get(dataset.cases[0]?.id ?? '')?.name ?? 'benchmark',
      dataset: dataset.source,
      createdAt,
      runsPerCase,
      standardDeviation: 'sample',
      evaluators: suite.names,
      cases,
      summary: summaryOf(cases, suite.names),
    };
  }

  /** What changed from `before` to `after`, by the runner's regression rule (`Svc:Benchmarking`). */
  compare(before: BenchmarkReport, after: BenchmarkReport): BenchmarkComparison {
    return compareBenchmarkReports(before, after, this.#regression);
  }
}

/** The runner `addSvcBenchmarking` registers. */
export const BenchmarkRunnerService = serviceToken<BenchmarkRunner>('BenchmarkRunner');

function checkedConcurrency(runs: number): number {
  if (!Number.isInteger(runs) || runs < 1 || runs > 64)
    throw new BenchmarkConfigInvalidError(
      `maxConcurrentRuns must be a whole number from 1 to 64, not ${String(runs)}; 1 runs one at a time.`,
    );
  return runs;
}

function checkedRuns(runs: number): number {
  if (!Number.isInteger(runs) || runs < 1 || runs > 1000)
    throw new BenchmarkConfigInvalidError(
      `runsPerCase must be a whole number from 1 to 1000, not ${String(runs)}; standard deviations need 2 or more.`,
    );
  return runs;
}

async function crewsFor(cases: readonly BenchmarkCase[], crew: BenchmarkCrew): Promise<Map<string, CrewDefinition>> {
  const crews = new Map<string, CrewDefinition>();
  for (const benchmarkCase of cases) {
    const where = `Case '${benchmarkCase.id}'${benchmarkCase.line === undefined ? '' : ` (line ${benchmarkCase.line})`}`;
    if (typeof crew !== 'function') {
      if (Object.keys(benchmarkCase.inputs).length > 0)
        throw new BenchmarkConfigInvalidError(
          `${where} gives inputs, but the crew is one fixed definition that cannot take them: pass the crew as a function of the case, e.g. (benchmarkCase) => loadCrew('crew.yaml', { variables: benchmarkCase.inputs }).`,
        );
      crews.set(benchmarkCase.id, crew);
      continue;
    }
    try {
      crews.set(benchmarkCase.id, await crew(benchmarkCase));
    } catch (error) {
      throw new BenchmarkConfigInvalidError(
        `${where}: its crew cannot be built: ${(error as Error).message ?? String(error)}`,
        { cause: error },
      );
    }
  }
  return crews;
}

async function runOnce(
  runtime: Runtime,
  crew: CrewDefinition,
  benchmarkCase: BenchmarkCase,
  evaluators: readonly Evaluator[],
  run: number,
  signal: AbortSignal | undefined,
): Promise<BenchmarkRunRecord> {
  const toolCalls: string[] = [];
  let finished: Extract<RunEvent, { kind: 'run.finished' }> | undefined;
  const onEvent = (event: RunEvent) => {
    if (event.kind === 'tool.called') toolCalls.push(event.toolName);
    else if (event.kind === 'run.finished') finished = event;
  };
  const started = performance.now();
  let answer = '';
  let error: FailureInfo | undefined;
  try {
    const result = await runtime.run(crew, { onEvent, ...(signal === undefined ? {} : { signal }) });
    answer = result.output;
    if (result.interrupted === true) error = { code: 'CREW_RUN_INTERRUPTED', message: 'the run was interrupted' };
    else if (result.budgetExhausted !== undefined)
      error = {
        code: 'CREW_BUDGET_EXHAUSTED',
        message: `the crew budget was spent (${result.budgetExhausted.dimension})`,
      };
    else if (result.deliverableFailure !== undefined)
      error = { code: 'CREW_RUN_FAILED', message: result.deliverableFailure };
    else if (!result.success)
      error = {
        code: result.error?.code ?? 'CREW_RUN_FAILED',
        message: result.error?.message ?? 'the crew did not succeed',
      };
  } catch (thrown) {
    error = failureOf(thrown);
  }
  const durationMs = Math.round(performance.now() - started);
  const usage = {
    ...(finished === undefined ? {} : { tokens: finished.tokens }),
    ...(finished?.costUsd === undefined ? {} : { costUsd: finished.costUsd }),
  };
  if (error !== undefined)
    return { run, success: false, answer, error, durationMs, ...usage, toolCalls, evaluations: {} };
  const sample: EvaluationSample = { benchmarkCase, answer, toolCalls };
  const evaluations: Record<string, RunEvaluation> = {};
  for (const evaluator of evaluators) evaluations[evaluator.name] = await evaluate(evaluator, sample, runtime, signal);
  return { run, success: true, answer, durationMs, ...usage, toolCalls, evaluations };
}

/** One evaluator's verdict; a throw or a score outside 0..1 is that evaluation's error. */
async function evaluate(
  evaluator: Evaluator,
  sample: EvaluationSample,
  runtime: Runtime,
  signal: AbortSignal | undefined,
): Promise<RunEvaluation> {
  try {
    const result = await evaluator.evaluate(sample, { runtime, ...(signal === undefined ? {} : { signal }) });
    const score: unknown = result?.score;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
      throw new EvaluatorInvalidError(
        `The evaluator '${evaluator.name}' returned the score ${JSON.stringify(score) ?? String(score)}: a score is a number from 0 to 1.`,
      );
    const tokens = tokensOf(result);
    if (tokens === null)
      throw new EvaluatorInvalidError(
        `The evaluator '${evaluator.name}' returned the tokens ${JSON.stringify(result.tokens)}: tokens are a whole number, 0 or more.`,
      );
    return {
      score,
      ...(result.details === undefined ? {} : { details: result.details }),
      ...(tokens === undefined ? {} : { tokens }),
    };
  } catch (thrown) {
    const tokens = tokensOf(thrown);
    return { error: failureOf(thrown), ...(typeof tokens === 'number' ? { tokens } : {}) };
  }
}

/** The `tokens` a result (or a thrown error) reports: undefined when it has none, null when they are not a count. */
function tokensOf(value: unknown): number | undefined | null {
  const tokens = (value as { tokens?: unknown } | null | undefined)?.tokens;
  if (tokens === undefined) return undefined;
  return typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : null;
}

function failureOf(thrown: unknown): FailureInfo {
  const { code, message } = (thrown ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : 'EVALUATION_ERROR_UNCODED',
    message: typeof message === 'string' ? message : String(thrown),
  };
}
