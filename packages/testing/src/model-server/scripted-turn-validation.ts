import { OrkeonError } from '@orkeon/core';
import type { TestingErrorCode } from '../errors/error-codes.js';
import { timingProblems } from './scripted-timing.js';
import type { ScriptedTurn, StaticScriptedTurn } from './scripted-turn.js';

/** A scripted turn that cannot be answered, found when it is enqueued or when a turn function returns it. */
export class ScriptedTurnError extends OrkeonError<TestingErrorCode> {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('SCRIPTED_TURN_INVALID', message, options);
  }
}

/**
 * Throws a `ScriptedTurnError` naming every problem of `turn`. Types already
 * forbid most mistakes; this catches the rest (a status of 200, chunks that do
 * not join to the text) and mistakes from untyped callers, when the turn is
 * written rather than when a request happens to reach it.
 */
export function assertValidTurn(turn: ScriptedTurn, label: string): void {
  if (typeof turn === 'function') return;
  const problems = problemsOf(turn);
  if (problems.length > 0) throw new ScriptedTurnError(`${label} is invalid: ${problems.join('; ')}.`);
}

function problemsOf(turn: StaticScriptedTurn): string[] {
  if (typeof turn !== 'object' || turn === null) {
    return ['a turn is an object with `text`, `toolCalls` or `error`, or a function of the request'];
  }
  const problems: string[] = [];
  const kinds = (['text', 'toolCalls', 'error'] as const).filter((key) => turn[key] !== undefined);
  if (turn.error !== undefined) {
    if (kinds.length > 1) problems.push('an error turn may not also have `text` or `toolCalls`');
    const { status, message, retryAfterSeconds } = turn.error;
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      problems.push(`error.status must be a whole number from 400 to 599, not ${String(status)}`);
    }
    if (message !== undefined && typeof message !== 'string') problems.push('error.message must be text');
    if (retryAfterSeconds !== undefined && !isNonNegative(retryAfterSeconds)) {
      problems.push('error.retryAfterSeconds must be a number of at least 0');
    }
  } else if (turn.toolCalls !== undefined) {
    if (!Array.isArray(turn.toolCalls) || turn.toolCalls.length === 0) {
      problems.push('toolCalls must list at least one call');
    } else {
      turn.toolCalls.forEach((call, position) => {
        if (typeof call.name !== 'string' || call.name.length === 0) {
          problems.push(`toolCalls[${position}].name must be non-empty text`);
        }
        const { arguments: callArguments } = call;
        const isObject = typeof callArguments === 'object' && callArguments !== null && !Array.isArray(callArguments);
        if (typeof callArguments !== 'string' && !isObject) {
          problems.push(`toolCalls[${position}].arguments must be an object or text`);
        }
        if (call.id !== undefined && (typeof call.id !== 'string' || call.id.length === 0)) {
          problems.push(`toolCalls[${position}].id must be non-empty text`);
        }
      });
    }
    if (turn.text !== undefined && typeof turn.text !== 'string') problems.push('text must be text');
  } else if (typeof turn.text === 'string') {
    const { chunks, finishReason } = turn;
    if (
      chunks !== undefined &&
      (!chunks.every((chunk) => typeof chunk === 'string') || chunks.join('') !== turn.text)
    ) {
      problems.push('chunks must be pieces of text that join to exactly `text`');
    }
    if (finishReason !== undefined && finishReason !== 'stop' && finishReason !== 'length') {
      problems.push("finishReason must be 'stop' or 'length'");
    }
  } else {
    problems.push('a turn needs `text` (a string), `toolCalls` or `error`');
  }
  if (turn.error === undefined) {
    if (turn.usage !== undefined) {
      const { inputTokens, outputTokens } = turn.usage;
      if (!isCount(inputTokens) || !isCount(outputTokens)) {
        problems.push('usage.inputTokens and usage.outputTokens must be whole numbers of at least 0');
      }
    }
    if (turn.model !== undefined && (typeof turn.model !== 'string' || turn.model.length === 0)) {
      problems.push('model must be non-empty text');
    }
  }
  problems.push(
    ...timingProblems(
      turn,
      turn.error === undefined ? ['delayMilliseconds', 'chunkDelayMilliseconds'] : ['delayMilliseconds'],
    ),
  );
  return problems;
}

function isNonNegative(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
