import type { ModelDialect, RecordedRequest } from './recorded-request.js';
import type { ScriptedAnswer } from './scripted-answer.js';
import type { ServerSentEvent } from './server-sent-events.js';

/** How one provider API is spoken: where it is called, how keys are sent, and the shape of its bodies. */
export interface ModelDialectFormat {
  readonly dialect: ModelDialect;
  /** Path of the model call, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** How a client of this dialect sends the key, for the 401 message. */
  readonly apiKeyHint: string;
  /** Whether the request carries `apiKey` the way this dialect sends it. */
  carriesApiKey(headers: Readonly<Record<string, string>>, apiKey: string): boolean;
  /** The error body; `type` replaces the one this dialect uses for `status`. */
  errorBody(status: number, message: string, type?: string): unknown;
  /** The body of a non-streamed answer. */
  completionBody(answer: ScriptedAnswer, request: RecordedRequest): unknown;
  /** Every event of a streamed answer, in order, including the end marker. */
  streamEvents(answer: ScriptedAnswer, request: RecordedRequest): ServerSentEvent[];
}
