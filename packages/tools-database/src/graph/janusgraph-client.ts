import type { DatabaseConnection } from '../connections/database-connection.js';
import { fromGraphson } from './graphson.js';
import { type HttpEndpoint, postJson } from './http-endpoint.js';

/**
 * What a read-only connection puts before the script: the traversal source `g`
 * with TinkerPop's `ReadOnlyStrategy`, which makes the server refuse any traversal
 * with a mutating step (addV, addE, property, drop). Scripts are Groovy: one that
 * reaches the graph without `g` steps around it, so a server for untrusted agents
 * must also be read-only itself (see docs/tools-database.md).
 */
export const readOnlyPrelude = 'g = g.withStrategies(ReadOnlyStrategy.instance());\n';

/**
 * One Gremlin script on JanusGraph through Gremlin Server's HTTP endpoint:
 * `POST /` with `{ gremlin, bindings, language, aliases }`, the connection's
 * traversal source bound to `g`. Parameters travel as `bindings`, never in the
 * text. Answers are `{ status: { code, message }, result: { data } }` in GraphSON.
 */
export async function runGremlinScript(
  endpoint: HttpEndpoint,
  connection: DatabaseConnection,
  request: {
    readonly script: string;
    readonly bindings: Readonly<Record<string, unknown>>;
    readonly readOnly: boolean;
  },
  signal: AbortSignal,
): Promise<unknown[]> {
  const answer = await postJson(
    endpoint,
    '/',
    {
      gremlin: request.readOnly ? `${readOnlyPrelude}${request.script}` : request.script,
      bindings: request.bindings,
      language: 'gremlin-groovy',
      aliases: { g: connection.settings.TraversalSource },
    },
    connection,
    signal,
  );
  const body = answer.body as
    | { status?: { code?: unknown; message?: unknown }; result?: { data?: unknown }; message?: unknown }
    | undefined;
  const code = typeof body?.status?.code === 'number' ? body.status.code : answer.status;
  if (code >= 200 && code < 300 && answer.status < 300) {
    const data = fromGraphson(body?.result?.data);
    return Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  }
  // Gremlin Server puts the reason in status.message (or message for HTTP errors); never forward its stack trace.
  const message =
    typeof body?.status?.message === 'string' && body.status.message !== ''
      ? body.status.message
      : typeof body?.message === 'string'
        ? body.message
        : `HTTP ${answer.status}`;
  throw new Error(message);
}
