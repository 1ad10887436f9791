/**
 * What a tool may ask of whoever called it while it runs: the person behind the caller
 * (an elicitation) and the caller's model (a sampling request). An MCP client that
 * declared `elicitation` or `sampling` answers them; the shapes are MCP's.
 */

/** A property of an elicitation form: a string, number, integer, boolean, or a choice of strings. */
export type ToolElicitationField = Readonly<Record<string, unknown>> & {
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
};

/** A question to the person behind the caller, with the form the answer fills (a flat JSON Schema object). */
export interface ToolElicitation {
  readonly message: string;
  readonly requestedSchema: {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, ToolElicitationField>>;
    readonly required?: readonly string[];
  };
}

/** The values of an accepted form. */
export type ToolElicitationContent = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** The person filled the form (`accept`), said no (`decline`), or dismissed it (`cancel`). */
export type ToolElicitationResult =
  | { readonly action: 'accept'; readonly content: ToolElicitationContent }
  | { readonly action: 'decline' | 'cancel' };

/** A message of a sampling conversation: text only. */
export interface ToolSamplingMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** What a tool asks the caller's model. */
export interface ToolSamplingRequest {
  readonly messages: readonly ToolSamplingMessage[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
}

/** The caller model's answer. */
export interface ToolSamplingResult {
  readonly text: string;
  /** The model that answered, as the caller names it. */
  readonly model: string;
  readonly stopReason?: string;
}

/**
 * The requests a caller can answer. Each is present only when the caller declared it can
 * answer it; each rejects with a message that names the cause when the caller fails.
 */
export interface ToolCallerRequests {
  readonly elicit?: (request: ToolElicitation) => Promise<ToolElicitationResult>;
  readonly sample?: (request: ToolSamplingRequest) => Promise<ToolSamplingResult>;
}
