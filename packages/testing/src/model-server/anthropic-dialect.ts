import type { ModelDialectFormat } from './model-dialect.js';
import type { RecordedRequest } from './recorded-request.js';
import type { PlannedToolCall, ScriptedAnswer } from './scripted-answer.js';
import { ScriptedTurnError } from './scripted-turn-validation.js';
import { jsonEvent, type ServerSentEvent } from './server-sent-events.js';

/** The Anthropic messages dialect, as `@ai-sdk/anthropic` speaks it. */
export const anthropicDialect: ModelDialectFormat = {
  dialect: 'anthropic',
  path: '/v1/messages',
  apiKeyHint: "send it as the header 'x-api-key: <key>'",

  carriesApiKey(headers, apiKey) {
    return headers['x-api-key']?.trim() === apiKey;
  },

  errorBody(status, message, type) {
    return { type: 'error', error: { type: type ?? usualErrorType(status), message } };
  },

  completionBody(answer, request) {
    const content: unknown[] = answer.text.length > 0 ? [{ type: 'text', text: answer.text }] : [];
    answer.toolCalls.forEach((call, position) => {
      content.push({ type: 'tool_use', id: toolUseId(call, request, position), name: call.name, input: inputOf(call) });
    });
    return {
      ...messageEnvelope(answer, request),
      content,
      stop_reason: stopReason(answer),
      stop_sequence: null,
      usage: { input_tokens: answer.usage.inputTokens, output_tokens: answer.usage.outputTokens },
    };
  },

  streamEvents(answer, request) {
    const events: ServerSentEvent[] = [
      named('message_start', {
        message: {
          ...messageEnvelope(answer, request),
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: answer.usage.inputTokens, output_tokens: 1 },
        },
      }),
      named('ping', {}),
    ];
    let index = 0;
    if (answer.textPieces.length > 0) {
      events.push(named('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const text of answer.textPieces) {
        events.push(named('content_block_delta', { index, delta: { type: 'text_delta', text } }));
      }
      events.push(named('content_block_stop', { index }));
      index++;
    }
    answer.toolCalls.forEach((call, position) => {
      const id = toolUseId(call, request, position);
      events.push(
        named('content_block_start', { index, content_block: { type: 'tool_use', id, name: call.name, input: {} } }),
      );
      for (const partial_json of call.argumentFragments) {
        events.push(named('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
      }
      events.push(named('content_block_stop', { index }));
      index++;
    });
    events.push(
      named('message_delta', {
        delta: { stop_reason: stopReason(answer), stop_sequence: null },
        usage: { output_tokens: answer.usage.outputTokens },
      }),
      named('message_stop', {}),
    );
    return events;
  },
};

/** Anthropic repeats the event name as `type` inside the data. */
function named(event: string, payload: Record<string, unknown>): ServerSentEvent {
  return jsonEvent({ type: event, ...payload }, event);
}

function messageEnvelope(answer: ScriptedAnswer, request: RecordedRequest) {
  return { id: `msg_scripted_${request.index}`, type: 'message', role: 'assistant', model: answer.model };
}

function toolUseId(call: PlannedToolCall, request: RecordedRequest, position: number): string {
  return call.id ?? `toolu_scripted_${request.index}_${position}`;
}

function stopReason({ finishReason }: ScriptedAnswer): string {
  if (finishReason === 'tool_calls') return 'tool_use';
  return finishReason === 'length' ? 'max_tokens' : 'end_turn';
}

/** A whole message carries `input` as an object, so scripted argument text must be a JSON object here. */
function inputOf(call: PlannedToolCall): unknown {
  let input: unknown;
  try {
    input = JSON.parse(call.argumentsText);
  } catch {
    input = undefined;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ScriptedTurnError(
      `the arguments of tool call '${call.name}' are not a JSON object, which a non-streamed Anthropic message cannot carry; script an object, or stream the request.`,
    );
  }
  return input;
}

/** The error type Anthropic uses for a status. */
function usualErrorType(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}
