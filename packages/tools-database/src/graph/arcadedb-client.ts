import type { DatabaseConnection } from '../connections/database-connection.js';
import { type HttpEndpoint, postJson } from './http-endpoint.js';

/** The query languages `arcadedb_query` offers. */
export const arcadeDbLanguages = ['sql', 'cypher', 'gremlin'] as const;

export type ArcadeDbLanguage = (typeof arcadeDbLanguages)[number];

/**
 * One query on ArcadeDB over its HTTP API. A read-only connection posts to
 * `/api/v1/query/{database}`, which runs idempotent statements only (the server
 * refuses writes there); a connection with AllowWrites posts to
 * `/api/v1/command/{database}`. Parameters travel in `params`, never in the text.
 * Answers are `{ "result": [...] }`; refusals `{ "error", "detail" }`.
 */
export async function runArcadeDbQuery(
  endpoint: HttpEndpoint,
  connection: DatabaseConnection,
  request: {
    readonly language: ArcadeDbLanguage;
    readonly query: string;
    readonly parameters: Readonly<Record<string, unknown>>;
    readonly readOnly: boolean;
  },
  signal: AbortSignal,
): Promise<unknown[]> {
  const route = request.readOnly ? 'query' : 'command';
  const path = `/api/v1/${route}/${encodeURIComponent(connection.settings.Database)}`;
  const answer = await postJson(
    endpoint,
    path,
    { language: request.language, command: request.query, params: request.parameters },
    connection,
    signal,
  );
  const body = answer.body as { result?: unknown; error?: unknown; detail?: unknown } | undefined;
  if (answer.status >= 200 && answer.status < 300 && body !== undefined && Array.isArray(body.result))
    return body.result;
  const error = typeof body?.error === 'string' ? body.error : `HTTP ${answer.status}`;
  const detail = typeof body?.detail === 'string' && body.detail !== error ? `: ${body.detail}` : '';
  throw new Error(`${error}${detail}`);
}
