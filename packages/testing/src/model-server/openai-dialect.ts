import type { ModelDialectFormat } from './model-dialect.js';
import type { RecordedRequest } from './recorded-request.js';
import type { PlannedToolCall, ScriptedAnswer } from './scripted-answer.js';
import { jsonEvent, type ServerSentEvent } from './server-sent-events.js';

/** The OpenAI chat-completions dialect, as `@ai-sdk/openai` (`.chat()`) and `@ai-sdk/openai-compatible` speak it. */
export const openAiDialect: ModelDialectFormat = {
  dialect: 'openai',
  path: '/v1/chat/completions',
  apiKeyHint: "send it as the header 'Authorization: Bearer <key>'",

  carriesApiKey(headers, apiKey) {
    const match = /^bearer\s+(.+)$/iu.exec(headers.authorization ?? '');
    return match?.[1]?.trim() === apiKey;
  },

  errorBody(status, message, type) {
    const usual = usualError(status);
    return { error: { message, type: type ?? usual.type, param: null, code: usual.code } };
  },

  completionBody(answer, request) {
    const toolCalls = answer.toolCalls.map((call, position) => ({
      id: toolCallId(call, request, position),
      type: 'function',
      function: { name: call.name, arguments: call.argumentsText },
    }));
    const message =
      toolCalls.length === 0
        ? { role: 'assistant', content: answer.text }
        : { role: 'assistant', content: answer.text.length > 0 ? answer.text : null, tool_calls: toolCalls };
    return {
      ...envelope(answer, request, 'chat.completion'),
      choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finishReason }],
      usage: usageOf(answer),
    };
  },

  streamEvents(answer, request) {
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): ServerSentEvent =>
      jsonEvent({
        ...envelope(answer, request, 'chat.completion.chunk'),
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      });
    const events = [chunk({ role: 'assistant', content: '' })];
    for (const piece of answer.textPieces) events.push(chunk({ content: piece }));
    answer.toolCalls.forEach((call, position) => {
      events.push(
        chunk({
          tool_calls: [
            {
              index: position,
              id: toolCallId(call, request, position),
              type: 'function',
              function: { name: call.name, arguments: '' },
            },
          ],
        }),
      );
      for (const fragment of call.argumentFragments) {
        events.push(chunk({ tool_calls: [{ index: position, function: { arguments: fragment } }] }));
      }
    });
    events.push(chunk({}, answer.finishReason));
    if (wantsStreamUsage(request)) {
      events.push(
        jsonEvent({ ...envelope(answer, request, 'chat.completion.chunk'), choices: [], usage: usageOf(answer) }),
      );
    }
    events.push({ data: '[DONE]' });
    return events;
  },
};

function envelope(answer: ScriptedAnswer, request: RecordedRequest, object: string) {
  return {
    id: `chatcmpl-scripted-${request.index}`,
    object,
    created: Math.floor(request.receivedAt.getTime() / 1000),
    model: answer.model,
  };
}

function toolCallId(call: PlannedToolCall, request: RecordedRequest, position: number): string {
  return call.id ?? `call_scripted_${request.index}_${position}`;
}

function usageOf({ usage }: ScriptedAnswer) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** OpenAI sends the usage of a stream only when asked, in a last chunk without choices. */
function wantsStreamUsage(request: RecordedRequest): boolean {
  const options = request.body?.stream_options;
  return (
    typeof options === 'object' && options !== null && (options as { include_usage?: unknown }).include_usage === true
  );
}

/** The error type and code OpenAI uses for a status. */
function usualError(status: number): { type: string; code: string | null } {
  switch (status) {
    case 401:
      return { type: 'invalid_request_error', code: 'invalid_api_key' };
    case 404:
      return { type: 'invalid_request_error', code: 'not_found' };
    case 413:
      return { type: 'invalid_request_error', code: 'request_too_large' };
    case 429:
      return { type: 'requests', code: 'rate_limit_exceeded' };
    default:
      return status >= 500 ? { type: 'server_error', code: null } : { type: 'invalid_request_error', code: null };
  }
}
