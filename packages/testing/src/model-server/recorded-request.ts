/** Which API a model call spoke: OpenAI chat completions or Anthropic messages. */
export type ModelDialect = 'openai' | 'anthropic';

/** One model call the scripted model server received, kept for the test to inspect. */
export interface RecordedRequest {
  /** Position in `server.requests`, counted from 0; also the number in the server's ids and messages. */
  readonly index: number;
  readonly dialect: ModelDialect;
  readonly method: string;
  /** The URL path without its query, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; `undefined` when it was not a JSON object (answered 400) or too large (answered 413). */
  readonly body: Readonly<Record<string, unknown>> | undefined;
  /** The body exactly as received; empty when it was too large to keep. */
  readonly rawBody: string;
  /** True when the body asked for a streamed answer (`"stream": true`). */
  readonly stream: boolean;
  readonly receivedAt: Date;
}
