import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon eval`: its arguments, options and help. The implementation (the runtime, the
 * evaluators, the reports) is imported only when the verb runs, so `orkeon --version` and
 * `orkeon eval --help` start without it.
 */
export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'benchmark a crew: run it over a dataset several times per case, score the answers, write a report',
  configure(command) {
    command
      .argument('<dataset>', 'the cases: a JSONL file, one JSON object per line (see docs/evaluation.md)')
      .argument('<crew>', 'crew.yaml, a crew folder, or crew.ts')
      .option('-n, --runs <count>', 'runs per case, 1 to 1000 (default: Svc:Benchmarking:RunsPerCase, 3)')
      .option(
        '-c, --concurrency <count>',
        'runs at once, 1 to 64 (default: Svc:Benchmarking:MaxConcurrentRuns, 1); the report keeps dataset order',
      )
      .option('--report <base>', 'write the reports to <base>.json and <base>.md (default: eval-report)')
      .option('--compare <report.json>', 'compare with a previous JSON report; a regression makes the exit code 2')
      .option('--judge', 'also grade every answer with the LLM judge (one more model call per run)')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable), e.g. ./data:/data:ro')
      .addHelpText(
        'after',
        '\nExamples:\n  orkeon eval examples/evaluation/dataset.jsonl examples/evaluation/crew.yaml --runs 3\n  orkeon eval cases.jsonl crew.yaml --report reports/today --compare reports/yesterday.json\n  orkeon eval cases.jsonl crew.yaml --runs 5 --concurrency 4\nExit codes: 0 report written (no regression), 1 bad dataset, crew, report or settings, 2 regressions found or the benchmark failed, 130 interrupted.',
      );
  },
  run: async (context, command) => (await import('./eval-command.js')).evalAction.run(context, command),
};
