import type { ServerResponse } from 'node:http';

/**
 * Writes an SSE stream of v1.0 events on a hijacked response: one `data:` line per event,
 * no event name and no end marker (the stream ends when the connection closes). The
 * headers go out with the first event, so a failure before it is still an ordinary
 * error answer. Stops reading `events` when the client goes away.
 */
export async function writeEventStream(
  response: ServerResponse,
  events: AsyncIterable<unknown>,
  frame: (event: unknown) => unknown,
  onError: (error: unknown) => unknown,
): Promise<void> {
  const iterator = events[Symbol.asyncIterator]();
  let gone = false;
  response.on('close', () => {
    gone = true;
    void iterator.return?.();
  });
  const write = (value: unknown) => {
    if (!response.headersSent)
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
    if (!response.writableEnded && !response.destroyed) response.write(`data: ${JSON.stringify(value)}\n\n`);
  };
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done === true || gone) break;
      write(frame(next.value));
    }
  } catch (error) {
    write(onError(error));
  }
  if (!response.writableEnded) response.end();
}
