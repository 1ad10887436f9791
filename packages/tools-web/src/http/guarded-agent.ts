import { isIP } from 'node:net';
import { type NetworkGuard, NetworkRefusedError } from '@orkeon/core';
import type { buildConnector, Dispatcher } from 'undici';

/**
 * An undici `Agent` whose every connection crosses the guard: an allowed host (on the
 * port it is allowed on) gets a single unjudged resolution, an address in the URL is
 * judged before the socket opens (Node does not call `lookup` for addresses), and a name
 * is resolved once by the guard's `lookup`, which hands the socket the address it judged.
 * Because the check sits in the connector, redirects undici follows by itself (the
 * `fetch` given to service clients) are guarded too. No proxy is used, whatever the
 * environment says: the agent connects directly.
 */
export async function createGuardedAgent(
  guard: NetworkGuard,
  options: { readonly connectTimeoutMilliseconds: number },
): Promise<Dispatcher> {
  const undici = await import('undici');
  const timeout = options.connectTimeoutMilliseconds;
  const strict = undici.buildConnector({ lookup: guard.lookup, timeout });
  const trusted = undici.buildConnector({ lookup: guard.trustedLookup, timeout });
  const connect: buildConnector.connector = (target, callback) => {
    const port = target.port !== '' ? target.port : target.protocol === 'https:' ? '443' : '80';
    if (guard.allowsHost(target.hostname, port)) {
      trusted(target, callback);
      return;
    }
    if (isIP(target.hostname) !== 0) {
      const refusal = guard.checkAddress(target.hostname);
      if (refusal !== undefined) {
        callback(new NetworkRefusedError(refusal), null);
        return;
      }
    }
    strict(target, callback);
  };
  return new undici.Agent({ connect });
}
