import { JsonRpcFailure, type JsonRpcId, type JsonRpcNotification, jsonRpcCodes } from './json-rpc.js';
import type { LegacySession } from './legacy-session.js';
import type { McpCatalog } from './mcp-catalog.js';

/** `_meta` key of a `subscriptions/listen` stream's notifications: the id of the listen request. */
export const subscriptionIdKey = 'io.modelcontextprotocol/subscriptionId';

/** `resources/subscribe` (legacy): the session's client hears `notifications/resources/updated` for `uri`. */
export async function subscribe(catalog: McpCatalog, session: LegacySession | undefined, uri: string): Promise<void> {
  if (session === undefined)
    throw new JsonRpcFailure(
      jsonRpcCodes.invalidRequest,
      'Invalid request: resources/subscribe needs a session. Send initialize first (over HTTP keep its Mcp-Session-Id and open a GET stream for the updates), or use subscriptions/listen (2026-07-28).',
    );
  if (session.followed.has(uri)) return;
  const stop = await catalog.watchResource(uri, (changed) =>
    session.push?.({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: changed } }),
  );
  // Two subscribe requests for one URI raced: keep one.
  if (session.followed.has(uri)) stop();
  else session.followed.set(uri, stop);
}

/** `resources/unsubscribe` (legacy): stops the updates for `uri`; a URI not followed is no error. */
export function unsubscribe(session: LegacySession | undefined, uri: string): void {
  const stop = session?.followed.get(uri);
  session?.followed.delete(uri);
  stop?.();
}

/**
 * `subscriptions/listen` (2026-07-28): acknowledges the part of the filter this server honours
 * (resource subscriptions: its lists never change, so it sends no list-changed notification),
 * then sends `notifications/resources/updated` for the URIs named, each stamped with the
 * listen request's id, until the client closes the stream or the server stops. A URI this
 * server does not serve refuses the whole request.
 */
export async function listen(
  catalog: McpCatalog,
  id: JsonRpcId,
  params: Record<string, unknown>,
  notify: ((notification: JsonRpcNotification) => void) | undefined,
  until: AbortSignal,
): Promise<Record<string, unknown>> {
  const filter = params.notifications;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new JsonRpcFailure(
      jsonRpcCodes.invalidParams,
      'Invalid params: \'notifications\' must be an object, e.g. { "resourceSubscriptions": ["<uri>"] }.',
    );
  const uris = (filter as Record<string, unknown>).resourceSubscriptions ?? [];
  if (!Array.isArray(uris) || uris.some((uri) => typeof uri !== 'string' || uri === ''))
    throw new JsonRpcFailure(
      jsonRpcCodes.invalidParams,
      "Invalid params: 'notifications.resourceSubscriptions' must be a list of resource URIs.",
    );
  if (notify === undefined)
    throw new JsonRpcFailure(
      jsonRpcCodes.invalidRequest,
      'Invalid request: subscriptions/listen answers with a stream: send Accept: text/event-stream.',
    );
  const stamp = { [subscriptionIdKey]: id };
  const stops: (() => void)[] = [];
  try {
    for (const uri of new Set(uris as string[]))
      stops.push(
        await catalog.watchResource(uri, (changed) =>
          notify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: changed, _meta: stamp } }),
        ),
      );
    notify({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: [...new Set(uris as string[])] }, _meta: stamp },
    });
    if (!until.aborted) await new Promise((resolve) => until.addEventListener('abort', resolve, { once: true }));
  } finally {
    for (const stop of stops) stop();
  }
  return { _meta: stamp };
}
