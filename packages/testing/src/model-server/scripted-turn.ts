import type { RecordedRequest } from './recorded-request.js';

/** Token counts reported to the client. */
export interface ScriptedUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

interface ScriptedTiming {
  /** Milliseconds to wait before answering at all. */
  readonly delayMilliseconds?: number;
  /** Milliseconds to wait between two events of a streamed answer. */
  readonly chunkDelayMilliseconds?: number;
  /** @deprecated Use `delayMilliseconds`; still read when that is not set. */
  readonly delayMs?: number;
  /** @deprecated Use `chunkDelayMilliseconds`; still read when that is not set. */
  readonly chunkDelayMs?: number;
}

/** The model answers with text. */
export interface ScriptedTextTurn extends ScriptedTiming {
  readonly text: string;
  /**
   * How a streamed answer splits `text`; the pieces must join to exactly `text`.
   * Default: about three pieces cut on word boundaries.
   */
  readonly chunks?: readonly string[];
  /** Model id in the answer. Default: the `model` the request named. */
  readonly model?: string;
  /** Default: a rough estimate, a quarter of the characters of the messages and of the answer. */
  readonly usage?: ScriptedUsage;
  /** `length` reports an answer cut at the token limit. Default `stop`. */
  readonly finishReason?: 'stop' | 'length';
  readonly toolCalls?: never;
  readonly error?: never;
}

/** One tool call the model asks for. */
export interface ScriptedToolCall {
  /** Default: `call_scripted_<request>_<position>` (OpenAI) or `toolu_scripted_<request>_<position>` (Anthropic). */
  readonly id?: string;
  readonly name: string;
  /**
   * The arguments as an object (sent as JSON), or as the exact text to send, which
   * may be malformed on purpose to test how the client copes.
   */
  readonly arguments: Readonly<Record<string, unknown>> | string;
}

/** The model asks for one or more tool calls, after optional text. */
export interface ScriptedToolCallTurn extends ScriptedTiming {
  readonly toolCalls: readonly ScriptedToolCall[];
  readonly text?: string;
  readonly model?: string;
  readonly usage?: ScriptedUsage;
  readonly error?: never;
}

/** An HTTP error the provider answers with. */
export interface ScriptedError {
  /** HTTP status from 400 to 599, e.g. 429, 500 or 529. */
  readonly status: number;
  /** Default: `Scripted error: <status> <reason>`. */
  readonly message?: string;
  /** Sent as the `Retry-After` header. */
  readonly retryAfterSeconds?: number;
  /** Error type in the body, e.g. `rate_limit_error`. Default: the type the provider uses for the status. */
  readonly type?: string;
}

/** The provider fails the call. */
export interface ScriptedErrorTurn {
  readonly error: ScriptedError;
  /** Milliseconds to wait before answering. */
  readonly delayMilliseconds?: number;
  /** @deprecated Use `delayMilliseconds`; still read when that is not set. */
  readonly delayMs?: number;
  readonly text?: never;
  readonly toolCalls?: never;
}

/** A turn written out in advance. */
export type StaticScriptedTurn = ScriptedTextTurn | ScriptedToolCallTurn | ScriptedErrorTurn;

/** Decides the answer when the request arrives, e.g. to echo the last tool result. */
export type ScriptedTurnFunction = (request: RecordedRequest) => StaticScriptedTurn | Promise<StaticScriptedTurn>;

/** What the model does for one request; each model call consumes the next turn. */
export type ScriptedTurn = StaticScriptedTurn | ScriptedTurnFunction;
