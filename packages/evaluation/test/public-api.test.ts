import type { Configuration, CrewDefinition, Runtime, ServiceCollection, ServiceToken } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcBenchmarkingOptions,
  type AnswerFormat,
  addSvcBenchmarking,
  type BenchmarkCase,
  type BenchmarkComparison,
  type BenchmarkConfig,
  type BenchmarkDataset,
  type BenchmarkingSettings,
  type BenchmarkReport,
  type BenchmarkRunner,
  BenchmarkRunnerService,
  type EvaluationResult,
  type Evaluator,
  EvaluatorService,
  type EvaluatorSuite,
  EvaluatorSuiteService,
  parseBenchmarkReport,
  type RunEvaluation,
  readBenchmarkDataset,
  type Statistics,
} from '../src/index.js';

describe('the public API of @orkeon/evaluation', () => {
  it('types the registration as the other addSvc functions, with the configuration optional', () => {
    expectTypeOf(addSvcBenchmarking).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcBenchmarking).parameter(1).toEqualTypeOf<Configuration | undefined>();
    expectTypeOf(addSvcBenchmarking).parameter(2).toEqualTypeOf<AddSvcBenchmarkingOptions | undefined>();
    expectTypeOf(addSvcBenchmarking).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(BenchmarkRunnerService).toEqualTypeOf<ServiceToken<BenchmarkRunner>>();
    expectTypeOf(EvaluatorService).toEqualTypeOf<ServiceToken<Evaluator>>();
    expectTypeOf(EvaluatorSuiteService).toEqualTypeOf<ServiceToken<EvaluatorSuite>>();
  });

  it('types the runner, its config and the report', () => {
    expectTypeOf<BenchmarkRunner['run']>().parameters.toEqualTypeOf<[Runtime, BenchmarkConfig]>();
    expectTypeOf<BenchmarkRunner['run']>().returns.toEqualTypeOf<Promise<BenchmarkReport>>();
    expectTypeOf<BenchmarkConfig['runsPerCase']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BenchmarkConfig['maxConcurrentRuns']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BenchmarkRunner['compare']>().returns.toEqualTypeOf<BenchmarkComparison>();
    expectTypeOf<BenchmarkConfig['crew']>().toEqualTypeOf<
      CrewDefinition | ((benchmarkCase: BenchmarkCase) => CrewDefinition | Promise<CrewDefinition>)
    >();
    expectTypeOf<BenchmarkReport['formatVersion']>().toEqualTypeOf<1>();
    expectTypeOf<BenchmarkReport['standardDeviation']>().toEqualTypeOf<'sample'>();
    expectTypeOf<BenchmarkReport['cases'][number]['evaluators'][string]['scores']>().toEqualTypeOf<Statistics | null>();
    expectTypeOf<RunEvaluation>().toEqualTypeOf<
      | { readonly score: number; readonly details?: string; readonly tokens?: number }
      | { readonly error: { readonly code: string; readonly message: string }; readonly tokens?: number }
    >();
    expectTypeOf<BenchmarkReport['summary']['evaluationTokens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(parseBenchmarkReport).returns.toEqualTypeOf<BenchmarkReport>();
    expectTypeOf(readBenchmarkDataset).returns.toEqualTypeOf<Promise<BenchmarkDataset>>();
  });

  it('types the evaluator contract and the dataset case', () => {
    expectTypeOf<Evaluator['evaluate']>().returns.toEqualTypeOf<EvaluationResult | Promise<EvaluationResult>>();
    expectTypeOf<EvaluationResult['score']>().toEqualTypeOf<number>();
    expectTypeOf<EvaluationResult['tokens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BenchmarkCase['inputs']>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<BenchmarkCase['format']>().toEqualTypeOf<AnswerFormat | undefined>();
    expectTypeOf<AnswerFormat>().toEqualTypeOf<
      'json' | 'markdown' | { readonly pattern: string; readonly flags?: string }
    >();
    expectTypeOf<BenchmarkingSettings['RunsPerCase']>().toEqualTypeOf<number>();
    expectTypeOf<BenchmarkingSettings['Similarity']['Method']>().toEqualTypeOf<'Lexical' | 'Embedding'>();
    expectTypeOf<BenchmarkingSettings['LlmJudge']['Enabled']>().toEqualTypeOf<boolean>();
  });
});
