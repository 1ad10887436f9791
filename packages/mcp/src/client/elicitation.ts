import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { CallerIdentity } from '@orkeon/core';

/** The form a server asks to be filled: a flat object of strings, numbers, booleans and enums. */
export type McpElicitationSchema = ElicitRequestFormParams['requestedSchema'];

/** The values of a filled form, by field name. */
export type McpElicitationContent = Record<string, string | number | boolean | string[]>;

/** What an MCP server asks a person for during a call (`elicitation/create`, form mode). */
export interface McpElicitation {
  readonly serverId: string;
  readonly message: string;
  readonly requestedSchema: McpElicitationSchema;
  /** The tool whose call the server was answering when it asked, when one was in flight. */
  readonly toolName?: string;
  /** Who made that call (an agent of a run), when known. */
  readonly caller?: CallerIdentity;
}

/**
 * The answer: the filled form (`accept`), a refusal (`decline`), or a dismissal
 * without a choice (`cancel`). An accepted form may leave out fields that have a
 * default; the client fills them in (SEP-1034) before checking the form.
 */
export type McpElicitationAnswer =
  | { readonly action: 'accept'; readonly content: McpElicitationContent }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** Answers a server's form; `signal` aborts when the request is cancelled or the connection ends. */
export type McpElicitationHandler = (request: McpElicitation, signal: AbortSignal) => Promise<McpElicitationAnswer>;

const validators = new AjvJsonSchemaValidator();

/** A copy of `content` with every field the answer left out and the schema gives a default for filled in. */
export function withElicitationDefaults(
  schema: McpElicitationSchema,
  content: McpElicitationContent,
): McpElicitationContent {
  const filled: McpElicitationContent = { ...content };
  for (const [name, field] of Object.entries(schema.properties)) {
    const fallback = (field as { default?: unknown }).default;
    if (filled[name] === undefined && fallback !== undefined) filled[name] = fallback as McpElicitationContent[string];
  }
  return filled;
}

/** Why `content` does not fill the form (a missing required field, a wrong type, a value off the list), or undefined. */
export function elicitationProblem(schema: McpElicitationSchema, content: McpElicitationContent): string | undefined {
  const verdict = validators.getValidator<unknown>(schema as never)(content);
  return verdict.valid ? undefined : (verdict.errorMessage ?? 'the answer does not match the form');
}
