export { type AddSvcBenchmarkingOptions, addSvcBenchmarking, builtInEvaluators } from './add-svc-benchmarking.js';
export {
  type BenchmarkConfig,
  type BenchmarkCrew,
  type BenchmarkProgress,
  BenchmarkRunner,
  type BenchmarkRunnerOptions,
  BenchmarkRunnerService,
} from './benchmark-runner.js';
export { type BenchmarkingSettings, benchmarkingSettings, defaultJudgeRubric } from './benchmarking-settings.js';
export type { AnswerFormat, BenchmarkCase, BenchmarkCaseInput } from './dataset/benchmark-case.js';
export {
  type BenchmarkDataset,
  defineBenchmarkDataset,
  parseBenchmarkDataset,
  readBenchmarkDataset,
} from './dataset/benchmark-dataset.js';
export { type EvaluationErrorCode, evaluationErrorCodes } from './errors/error-codes.js';
export {
  BenchmarkConfigInvalidError,
  BenchmarkDatasetInvalidError,
  BenchmarkReportInvalidError,
  EvaluatorInvalidError,
  JudgeAnswerUnparsableError,
} from './evaluation-errors.js';
export {
  type EvaluationContext,
  type EvaluationResult,
  type EvaluationSample,
  type Evaluator,
  EvaluatorService,
} from './evaluators/evaluator.js';
export { EvaluatorSuite, EvaluatorSuiteService } from './evaluators/evaluator-suite.js';
export { FormatEvaluator } from './evaluators/format-evaluator.js';
export { LlmJudgeEvaluator, type LlmJudgeOptions, parseJudgeAnswer } from './evaluators/llm-judge-evaluator.js';
export { SchemaEvaluator } from './evaluators/schema-evaluator.js';
export { SimilarityEvaluator, type SimilarityMethod, tokenF1 } from './evaluators/similarity-evaluator.js';
export { TextQualityEvaluator } from './evaluators/text-quality-evaluator.js';
export { ToolAccuracyEvaluator } from './evaluators/tool-accuracy-evaluator.js';
export type {
  BenchmarkCaseReport,
  BenchmarkComparison,
  BenchmarkReport,
  BenchmarkRunRecord,
  BenchmarkSummary,
  EvaluatorCaseSummary,
  FailureInfo,
  RunEvaluation,
  ScoreChange,
} from './report/benchmark-report.js';
export { benchmarkReportFormatVersion } from './report/benchmark-report.js';
export { benchmarkReportJson, parseBenchmarkReport, readBenchmarkReport } from './report/benchmark-report-json.js';
export { renderBenchmarkReportMarkdown } from './report/benchmark-report-markdown.js';
export { compareBenchmarkReports, type RegressionRule } from './report/compare-reports.js';
export { type Statistics, statisticsOf } from './statistics.js';
