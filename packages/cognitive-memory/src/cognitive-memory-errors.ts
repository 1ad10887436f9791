import { OrkeonError } from '@orkeon/core';
import type { CognitiveMemoryErrorCode } from './errors/error-codes.js';

/** What an answer is quoted with at most, so a long answer does not flood the message. */
const quotedAnswerLength = 200;

/**
 * The model's answer to an analysis or a contradiction check is not the JSON asked for.
 * `answer` holds the text the model gave (cut to 200 characters in the message).
 */
export class CognitiveMemoryAnswerInvalidError extends OrkeonError<CognitiveMemoryErrorCode> {
  readonly purpose: string;
  readonly answer: string;

  constructor(purpose: string, answer: string, problem: string, cause?: unknown) {
    const quoted = answer.length > quotedAnswerLength ? `${answer.slice(0, quotedAnswerLength)}…` : answer;
    super(
      'COGNITIVE_MEMORY_ANSWER_INVALID',
      `The model's answer to the ${purpose} is not the JSON asked for (${problem}); it answered: ${JSON.stringify(quoted)}. Use a model that follows JSON instructions (Svc:CognitiveMemory:AnalysisModel) or a lower Svc:CognitiveMemory:AnalysisTemperature.`,
      { ...(cause === undefined ? {} : { cause }), details: { purpose } },
    );
    this.purpose = purpose;
    this.answer = answer;
  }
}

/** A blank crew id or content, or a recall option out of range. */
export class CognitiveMemoryInputError extends OrkeonError<CognitiveMemoryErrorCode> {
  constructor(message: string) {
    super('COGNITIVE_MEMORY_INPUT_INVALID', message);
  }
}

/** `AnalysisModel` is set and nothing can build a model from an id. */
export class CognitiveMemoryModelFactoryMissingError extends OrkeonError<CognitiveMemoryErrorCode> {
  constructor(modelId: string) {
    super(
      'COGNITIVE_MEMORY_MODEL_FACTORY_MISSING',
      `Svc:CognitiveMemory:AnalysisModel is '${modelId}', and no model factory is registered to build it: call addSvcLlm from @orkeon/providers, or remove AnalysisModel to analyse with the runtime's model.`,
    );
  }
}
