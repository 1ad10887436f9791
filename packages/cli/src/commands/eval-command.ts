import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type CrewDefinition, InMemoryStateStore, StateStoreService } from '@orkeon/core';
import {
  addSvcBenchmarking,
  type BenchmarkCase,
  type BenchmarkProgress,
  type BenchmarkReport,
  BenchmarkRunnerService,
  benchmarkReportJson,
  readBenchmarkDataset,
  readBenchmarkReport,
  renderBenchmarkReportMarkdown,
} from '@orkeon/evaluation';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { createCliRuntime, missingCrewMounts } from '../run/create-cli-runtime.js';
import { loadRunTarget } from '../run/load-run-target.js';
import { crewFolderOf } from '../run/run-arguments.js';
import { UsageError } from '../usage-error.js';
import { visibleText } from '../visible-text.js';

interface EvalOptions {
  runs?: string;
  concurrency?: string;
  report?: string;
  compare?: string;
  judge?: boolean;
  mount?: string[];
}

/**
 * What `orkeon eval` does: reads the dataset (and the report to compare with) before anything
 * runs, builds the runtime as `orkeon run` does, runs the crew over the cases through the
 * benchmark runner, writes the JSON and Markdown reports, and prints a summary. Its arguments,
 * options and help are in `eval-command-definition.ts`.
 */
export const evalAction: CliCommandAction = {
  async run(context, command) {
    const [datasetPath, crewPath] = command.args as [string, string];
    const options = command.opts<EvalOptions>();
    const cwd = context.io.workingDirectory;
    const runsPerCase = options.runs === undefined ? undefined : checkedRuns(options.runs);
    const maxConcurrentRuns = options.concurrency === undefined ? undefined : checkedConcurrency(options.concurrency);
    const base = resolve(cwd, (options.report ?? 'eval-report').replace(/\.(json|md)$/i, ''));
    // A bad dataset or baseline is found before the runtime starts, so it costs no model call.
    const dataset = await readBenchmarkDataset(resolve(cwd, datasetPath), { source: datasetPath });
    const baseline =
      options.compare === undefined ? undefined : await readBenchmarkReport(resolve(cwd, options.compare));
    const crewFolder = crewFolderOf(crewPath, cwd);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const logger = await context.logger();
    const { runtime, close } = await createCliRuntime({
      configuration,
      logger,
      crewFolder,
      workingDirectory: cwd,
      mounts: options.mount ?? [],
      register: (services) => {
        addSvcBenchmarking(services, configuration, options.judge === true ? { llmJudge: true } : {});
        // Benchmark runs are not checkpointed: none of them is left for `orkeon run --resume` to continue.
        services.addInstance(StateStoreService, new InMemoryStateStore());
      },
    });
    try {
      const runner = runtime.services.get(BenchmarkRunnerService);
      const crewOf = await crewLoader(resolve(cwd, crewPath), runtime.tools.list(), (crew) => {
        const missing = missingCrewMounts(runtime, crew.mounts);
        if (missing !== undefined) throw new UsageError(missing);
      });
      const report = await runner.run(runtime, {
        dataset,
        crew: crewOf,
        signal: context.signal,
        onProgress: (progress) => context.io.stderr.write(progressLine(progress)),
        ...(runsPerCase === undefined ? {} : { runsPerCase }),
        ...(maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns }),
      });
      const compared: BenchmarkReport =
        baseline === undefined ? report : { ...report, comparison: runner.compare(baseline, report) };
      const files = await writeReports(compared, base);
      context.io.stdout.write(summaryText(compared, files));
      return (compared.comparison?.regressions.length ?? 0) > 0 ? ExitCode.runFailed : ExitCode.ok;
    } finally {
      await close();
    }
  },
};

function checkedConcurrency(text: string): number {
  const runs = Number(text);
  if (!/^\d+$/.test(text) || runs < 1 || runs > 64)
    throw new UsageError(`--concurrency takes a whole number from 1 to 64, not '${text}'.`);
  return runs;
}

function checkedRuns(text: string): number {
  const runs = Number(text);
  if (!/^\d+$/.test(text) || runs < 1 || runs > 1000)
    throw new UsageError(`--runs takes a whole number from 1 to 1000, not '${text}'.`);
  return runs;
}

/**
 * The crew of each case: a YAML crew is loaded again with the case's inputs as its `{KEY}`
 * values; a crew module is loaded once and cannot take inputs.
 */
async function crewLoader(
  path: string,
  tools: Parameters<typeof loadRunTarget>[1]['tools'],
  check: (crew: CrewDefinition) => void,
): Promise<(benchmarkCase: BenchmarkCase) => Promise<CrewDefinition>> {
  let module: CrewDefinition | undefined;
  const refuseInputs = (benchmarkCase: BenchmarkCase) => {
    if (Object.keys(benchmarkCase.inputs).length > 0)
      throw new UsageError(
        `${path} is a crew module, and inputs fill the {KEY} placeholders of YAML crews only: remove "inputs" from the case, or write the crew in YAML.`,
      );
  };
  return async (benchmarkCase) => {
    if (module !== undefined) {
      refuseInputs(benchmarkCase);
      return module;
    }
    const target = await loadRunTarget(path, { variables: benchmarkCase.inputs, tools });
    if (target.kind === 'script')
      throw new UsageError(
        `${path} is a procedural script; orkeon eval runs a crew (crew.yaml, a crew folder or crew.ts).`,
      );
    check(target.crew);
    if (target.exports === undefined) return target.crew;
    refuseInputs(benchmarkCase);
    module = target.crew;
    return module;
  };
}

function progressLine({ caseId, run, runsPerCase, completed, total, record }: BenchmarkProgress): string {
  const time = `${(record.durationMs / 1000).toFixed(1)}s`;
  const outcome =
    record.error === undefined
      ? `✓ ${time}`
      : `✗ ${time} ${record.error.code}: ${visibleText(record.error.message.split('\n')[0] ?? '')}`;
  return `[${completed}/${total}] ${visibleText(caseId)} run ${run}/${runsPerCase} ${outcome}\n`;
}

async function writeReports(report: BenchmarkReport, base: string): Promise<string[]> {
  const files = [`${base}.json`, `${base}.md`];
  try {
    await mkdir(dirname(base), { recursive: true });
    await writeFile(files[0] as string, benchmarkReportJson(report));
    await writeFile(files[1] as string, renderBenchmarkReportMarkdown(report));
  } catch (error) {
    throw new UsageError(
      `The reports could not be written to ${base}.json and .md (${(error as Error).message}): give --report a writable path.`,
    );
  }
  return files;
}

function summaryText(report: BenchmarkReport, files: readonly string[]): string {
  const { summary } = report;
  const score = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  const lines = [
    `Benchmark ${report.name}: ${summary.cases} case(s) × ${report.runsPerCase} run(s), ${summary.failedRuns} failed run(s), overall score ${score(summary.overallScore)}`,
    ...Object.entries(summary.evaluators).flatMap(([name, statistics]) =>
      statistics === null
        ? []
        : [
            `  ${name.padEnd(14)} ${score(statistics.mean)} (${statistics.count} case(s), case means ${score(statistics.min)} to ${score(statistics.max)})`,
          ],
    ),
    `Reports: ${files.join(', ')}`,
  ];
  const comparison = report.comparison;
  if (comparison !== undefined) {
    lines.push(
      `Compared with ${comparison.baseline.name} of ${comparison.baseline.createdAt}: ${comparison.regressions.length} regression(s), ${comparison.improvements.length} improvement(s)`,
      ...comparison.regressions.map(
        (change) =>
          `  REGRESSION ${change.caseId} ${change.evaluator}: ${score(change.before)} → ${score(change.after)}`,
      ),
      ...comparison.improvements.map(
        (change) =>
          `  improvement ${change.caseId} ${change.evaluator}: ${score(change.before)} → ${score(change.after)}`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
