import { OrkeonError } from '@orkeon/core';
import type { EvaluationErrorCode } from './errors/error-codes.js';

/** A dataset line or the dataset as a whole cannot be used; the message names the file, the line, the field and the fix. */
export class BenchmarkDatasetInvalidError extends OrkeonError<EvaluationErrorCode> {
  constructor(message: string) {
    super('EVALUATION_DATASET_INVALID', message);
  }
}

/** A benchmark's options, or the crew built for a case, cannot work; nothing has run yet. */
export class BenchmarkConfigInvalidError extends OrkeonError<EvaluationErrorCode> {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('EVALUATION_CONFIG_INVALID', message, options);
  }
}

/** An evaluator broke its contract (no name, or a score outside 0..1). */
export class EvaluatorInvalidError extends OrkeonError<EvaluationErrorCode> {
  constructor(message: string) {
    super('EVALUATION_EVALUATOR_INVALID', message);
  }
}

/** The LLM judge answered without a readable score: that evaluation failed. */
export class JudgeAnswerUnparsableError extends OrkeonError<EvaluationErrorCode> {
  /** The tokens the judge's call used, when known (the report counts them with the evaluations'). */
  readonly tokens?: number;

  constructor(message: string, tokens?: number) {
    super('EVALUATION_JUDGE_ANSWER_UNPARSABLE', message);
    if (tokens !== undefined) this.tokens = tokens;
  }
}

/** A report given for comparison cannot be read. */
export class BenchmarkReportInvalidError extends OrkeonError<EvaluationErrorCode> {
  constructor(message: string) {
    super('EVALUATION_REPORT_INVALID', message);
  }
}
