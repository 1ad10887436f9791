import { Configuration, coreSettingsSections, type ServiceCollection } from '@orkeon/core';
import { BenchmarkRunner, BenchmarkRunnerService } from './benchmark-runner.js';
import { type BenchmarkingSettings, benchmarkingSettings } from './benchmarking-settings.js';
import { type Evaluator, EvaluatorService } from './evaluators/evaluator.js';
import { EvaluatorSuite, EvaluatorSuiteService } from './evaluators/evaluator-suite.js';
import { FormatEvaluator } from './evaluators/format-evaluator.js';
import { LlmJudgeEvaluator } from './evaluators/llm-judge-evaluator.js';
import { SchemaEvaluator } from './evaluators/schema-evaluator.js';
import { SimilarityEvaluator } from './evaluators/similarity-evaluator.js';
import { TextQualityEvaluator } from './evaluators/text-quality-evaluator.js';
import { ToolAccuracyEvaluator } from './evaluators/tool-accuracy-evaluator.js';

export interface AddSvcBenchmarkingOptions {
  /** Turns the LLM judge on (true) or off (false) whatever `Svc:Benchmarking:LlmJudge:Enabled` says (`orkeon eval --judge`). */
  readonly llmJudge?: boolean;
  /** The time reports are dated with; default the system clock. */
  readonly clock?: () => Date;
}

/**
 * Enables evaluation benchmarking from `Svc:Benchmarking` (read and checked now, so a bad setting
 * refuses the start; Beta). Registers, with `tryAdd` so that a host's own stay:
 * - `EvaluatorSuiteService`: the built-in evaluators (`format`, `schema`, `similarity`,
 *   `textQuality`, `toolAccuracy`, and `llmJudge` when enabled), then every `EvaluatorService`
 *   the host registers, before or after this call; one with a built-in's name replaces it;
 * - `BenchmarkRunnerService`: a `BenchmarkRunner` scoring with that suite, `RunsPerCase` runs per
 *   case, `MaxConcurrentRuns` at once, comparing by `RegressionThreshold` and `NoiseMultiplier`.
 * `Enabled: false` registers nothing.
 *
 * @beta The API may change before v1.
 */
export function addSvcBenchmarking(
  services: ServiceCollection,
  configuration: Configuration = Configuration.fromObject({}, [...coreSettingsSections, benchmarkingSettings]),
  options: AddSvcBenchmarkingOptions = {},
): ServiceCollection {
  const settings = configuration.get(benchmarkingSettings);
  if (!settings.Enabled) return services;
  const judge = options.llmJudge ?? settings.LlmJudge.Enabled;
  services.tryAddSingleton(
    EvaluatorSuiteService,
    (resolver) => new EvaluatorSuite([...builtInEvaluators(settings, judge), ...resolver.getAll(EvaluatorService)]),
  );
  services.tryAddSingleton(
    BenchmarkRunnerService,
    (resolver) =>
      new BenchmarkRunner({
        suite: resolver.get(EvaluatorSuiteService),
        runsPerCase: settings.RunsPerCase,
        maxConcurrentRuns: settings.MaxConcurrentRuns,
        regression: { threshold: settings.RegressionThreshold, noiseMultiplier: settings.NoiseMultiplier },
        ...(options.clock === undefined ? {} : { clock: options.clock }),
      }),
  );
  return services;
}

/** The evaluators of the original's suite, configured by the settings. */
export function builtInEvaluators(settings: BenchmarkingSettings, llmJudge: boolean): Evaluator[] {
  return [
    new FormatEvaluator(),
    new SchemaEvaluator(),
    new SimilarityEvaluator({ method: settings.Similarity.Method }),
    new TextQualityEvaluator({ maxWordsPerSentence: settings.TextQuality.MaxWordsPerSentence }),
    new ToolAccuracyEvaluator(),
    ...(llmJudge
      ? [new LlmJudgeEvaluator({ rubric: settings.LlmJudge.Rubric, maxAnswerChars: settings.LlmJudge.MaxAnswerChars })]
      : []),
  ];
}
