import { type HubLine, hubLineSchema, hubLineSchemas, OrkeonError } from '@orkeon/core';

export type ReadHubLine = { value: HubLine } | { error: OrkeonError<'CLI_USAGE_INVALID'>; correlationId?: string };

/** A hub line, a hub line with a bad field (its error), or `undefined` for anything else (ignored). */
export function readHubLine(text: string): ReadHubLine | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const kind = (parsed as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(hubLineSchemas, kind)) return undefined;
  const read = hubLineSchema.safeParse(parsed);
  if (read.success) return { value: read.data };
  const fields = read.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  const correlationId = (parsed as { correlationId?: unknown }).correlationId;
  return {
    error: new OrkeonError(
      'CLI_USAGE_INVALID',
      `The '${kind}' line on standard input was refused: ${fields}. Its fields are in docs/events.md.`,
    ),
    ...(typeof correlationId === 'string' ? { correlationId } : {}),
  };
}
