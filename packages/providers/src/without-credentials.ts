import type { FetchFunction } from './fetch-function.js';

/** The headers the four SDK packages put a key in. */
const credentialHeaders = ['authorization', 'x-api-key', 'api-key'] as const;

/**
 * A fetch that sends no credential header. Some SDK packages insist on a key and
 * send whatever they are given; for a keyless local server with no key configured
 * they get an empty one, and this takes the header off again.
 */
export function withoutCredentials(fetch: FetchFunction | undefined): FetchFunction {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const name of credentialHeaders) headers.delete(name);
    // Looked up at call time, so a fetch replaced after the model was built is still used.
    return (fetch ?? globalThis.fetch)(input, { ...init, headers });
  };
}
