import type { FetchFunction } from '../../src/index.js';

/** A fetch whose first `failures` calls fail to connect (as Node's fetch does), then reach the server. */
export function refuseFirst(failures: number): { readonly fetch: FetchFunction; readonly attempts: () => number } {
  let attempts = 0;
  const fetch: FetchFunction = (input, init) => {
    attempts++;
    if (attempts <= failures) {
      const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
      return Promise.reject(new TypeError('fetch failed', { cause: refused }));
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, attempts: () => attempts };
}
