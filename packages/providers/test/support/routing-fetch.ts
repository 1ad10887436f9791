import type { FetchFunction } from '../../src/index.js';

/**
 * A fetch that sends every request to `origin` (the scripted model server) instead
 * of the host in its URL, keeping the path: a model built for a public provider
 * then reaches the local server, so a test can see whether a request was made.
 */
export function routeTo(origin: string): FetchFunction {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return globalThis.fetch(`${origin}${url.pathname}${url.search}`, init);
  };
}
