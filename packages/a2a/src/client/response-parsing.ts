import type { z } from 'zod';
import { A2AClientError } from './a2a-client-error.js';

/** The `error` text of an agent's JSON error body, if it has one. */
export function errorText(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined;
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}

/** Parses an answer as JSON; `what` names the answer in the `A2A_CLIENT_RESPONSE_INVALID` error. */
export function parseJson(text: string, url: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new A2AClientError('A2A_CLIENT_RESPONSE_INVALID', `The ${what} from ${url} is not JSON.`, {
      url,
      cause: error,
    });
  }
}

/** Parses an answer as JSON of the given shape, naming the first mismatch when it is not. */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  text: string,
  url: string,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(parseJson(text, url, what));
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
