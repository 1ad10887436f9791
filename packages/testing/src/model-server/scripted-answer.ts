import type { RecordedRequest } from './recorded-request.js';
import { timingOf } from './scripted-timing.js';
import type { ScriptedTextTurn, ScriptedToolCallTurn, ScriptedUsage } from './scripted-turn.js';
import { splitIntoFragments, splitIntoWordPieces } from './text-pieces.js';
import { estimateTokens } from './token-estimate.js';

/** Model id of answers when neither the turn nor the request names one. */
export const defaultScriptedModel = 'scripted-model';

/** A tool call ready to be written in either dialect. */
export interface PlannedToolCall {
  /** The scripted id; each dialect supplies its own default when absent. */
  readonly id: string | undefined;
  readonly name: string;
  /** The arguments as JSON text (or the scripted text, verbatim). */
  readonly argumentsText: string;
  /** `argumentsText` cut in pieces for streaming; they join to it exactly. */
  readonly argumentFragments: readonly string[];
}

/** The answer to one request with everything a dialect needs, independent of the dialect. */
export interface ScriptedAnswer {
  readonly model: string;
  readonly text: string;
  /** How a stream sends `text`; empty when there is no text. */
  readonly textPieces: readonly string[];
  readonly toolCalls: readonly PlannedToolCall[];
  readonly finishReason: 'stop' | 'length' | 'tool_calls';
  readonly usage: ScriptedUsage;
  readonly chunkDelayMilliseconds: number;
}

/** Works out the answer a text or tool-call turn gives to `request`. */
export function planAnswer(turn: ScriptedTextTurn | ScriptedToolCallTurn, request: RecordedRequest): ScriptedAnswer {
  const requestedModel = request.body?.model;
  const model =
    turn.model ??
    (typeof requestedModel === 'string' && requestedModel.length > 0 ? requestedModel : defaultScriptedModel);
  const text = turn.text ?? '';
  const isToolCallTurn = turn.toolCalls !== undefined;
  const toolCalls = (turn.toolCalls ?? []).map((call): PlannedToolCall => {
    const argumentsText = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    return { id: call.id, name: call.name, argumentsText, argumentFragments: splitIntoFragments(argumentsText) };
  });
  const answerCharacters = toolCalls.reduce(
    (sum, call) => sum + call.name.length + call.argumentsText.length,
    text.length,
  );
  return {
    model,
    text,
    textPieces: (isToolCallTurn ? undefined : turn.chunks) ?? splitIntoWordPieces(text),
    toolCalls,
    finishReason: isToolCallTurn ? 'tool_calls' : (turn.finishReason ?? 'stop'),
    usage: turn.usage ?? { inputTokens: estimateInputTokens(request), outputTokens: estimateTokens(answerCharacters) },
    chunkDelayMilliseconds: timingOf(turn, 'chunkDelayMilliseconds'),
  };
}

/** Characters of the prompt (messages, and Anthropic's separate `system`), counted on their JSON. */
function estimateInputTokens(request: RecordedRequest): number {
  const body = request.body ?? {};
  const promptCharacters = [body.messages, body.system]
    .filter((part) => part !== undefined)
    .reduce((sum: number, part) => sum + JSON.stringify(part).length, 0);
  return estimateTokens(promptCharacters);
}
