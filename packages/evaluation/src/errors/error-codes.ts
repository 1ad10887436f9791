/** Every error code of `@orkeon/evaluation`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const evaluationErrorCodes = {
  EVALUATION_DATASET_INVALID:
    'A benchmark dataset cannot be used: a line that is not JSON, a case with a missing, unknown or wrongly typed field, a duplicate id, a bad regular expression or JSON Schema, or no case at all. The message names the file, the line, the field and the fix.',
  EVALUATION_CONFIG_INVALID:
    'A benchmark was started with options that cannot work: runs per case that are not a whole number from 1 to 1000, a crew that cannot be built for a case, or case inputs given to a fixed crew. The message names the option or the case.',
  EVALUATION_EVALUATOR_INVALID:
    'An evaluator broke its contract: it has no name, shares its name with a reserved word, or returned a score that is not a number from 0 to 1. The message names the evaluator.',
  EVALUATION_JUDGE_ANSWER_UNPARSABLE:
    'The LLM judge answered without a score that can be read (a JSON object with a number `score` from 0 to 10): that evaluation fails and is reported as an error, never as a score of 0.',
  EVALUATION_ERROR_UNCODED:
    'A crew run or an evaluator threw an error without a code of its own (not an Orkeon error): the report keeps its message under this code; the message says what failed.',
  EVALUATION_REPORT_INVALID:
    'A benchmark report given for comparison is not one: not JSON, a formatVersion this release does not read, or fields missing. The message names the file and the problem.',
} as const;

export type EvaluationErrorCode = keyof typeof evaluationErrorCodes;
