import type { FetchFunction } from '../../src/index.js';

export interface RecordedCall {
  readonly url: string;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/**
 * A fetch that records each request and answers it with a 400 in the providers'
 * error shape, so a test sees the real URL, headers and body without a network.
 */
export function recordingFetch(): { readonly fetch: FetchFunction; readonly calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      url,
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    return Response.json(
      { type: 'error', error: { type: 'invalid_request_error', message: 'recorded, not sent' } },
      { status: 400 },
    );
  };
  return { fetch, calls };
}
