import type { z } from 'zod';
import { V1ProtocolError } from '../wire/protocol-error.js';

/** `value` as `schema` reads it, or `InvalidParams` naming the first problem and where it is. */
export function v1Params<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? what : `${what}.${issue.path.join('.')}`;
  throw new V1ProtocolError('InvalidParams', `${where}: ${issue?.message ?? 'invalid'}.`);
}
