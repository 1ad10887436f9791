import type { FetchFunction } from '../../src/index.js';

/**
 * A fetch whose response body breaks after `reads` pieces have arrived, as when a
 * connection drops in the middle of a streamed answer.
 */
export function cutAfter(reads: number): FetchFunction {
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const source = response.body?.getReader();
    if (source === undefined) return response;
    let delivered = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (delivered >= reads) {
          await source.cancel();
          controller.error(new Error('connection dropped mid-stream'));
          return;
        }
        const { done, value } = await source.read();
        if (done) {
          controller.close();
          return;
        }
        delivered++;
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
