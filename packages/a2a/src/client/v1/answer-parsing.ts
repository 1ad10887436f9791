import type { z } from 'zod';
import { A2AClientError } from '../a2a-client-error.js';

/**
 * Checks an already parsed JSON value against a shape, naming the first mismatch when it
 * does not fit; `what` names the value in the `A2A_CLIENT_RESPONSE_INVALID` error.
 * (`parseBody` of response-parsing.ts is this after `parseJson`.)
 */
export function parseValue<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  url: string,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new A2AClientError(
      'A2A_CLIENT_RESPONSE_INVALID',
      `The ${what} from ${url} has an unexpected shape${issue === undefined ? '' : ` (${issue.path.join('.') || 'body'}: ${issue.message})`}.`,
      { url, cause: parsed.error },
    );
  }
  return parsed.data;
}
