import { once } from 'node:events';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeServerSentEvent, type ServerSentEvent } from './server-sent-events.js';

/** Waits `milliseconds`; false when `signal` ended the wait (the client left or the server is closing). */
export async function waitUnlessAborted(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (milliseconds <= 0) return true;
  try {
    await sleep(milliseconds, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Answers with a JSON body, unless the client is gone or an answer was already started. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  if (response.destroyed || response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/**
 * Streams `events` as `text/event-stream`, waiting `chunkDelayMilliseconds` between two
 * events. Stops quietly when `signal` aborts: a client that disconnects
 * mid-stream is a normal event for a model server, not an error.
 */
export async function sendEventStream(
  response: ServerResponse,
  events: readonly ServerSentEvent[],
  chunkDelayMilliseconds: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted || response.destroyed) return;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [position, event] of events.entries()) {
    if (position > 0 && !(await waitUnlessAborted(chunkDelayMilliseconds, signal))) return;
    if (signal.aborted || response.destroyed) return;
    const accepted = response.write(encodeServerSentEvent(event));
    if (!accepted && !(await drained(response, signal))) return;
  }
  response.end();
}

/** Waits until the client has taken the buffered data; false when it left first. */
async function drained(response: ServerResponse, signal: AbortSignal): Promise<boolean> {
  try {
    await once(response, 'drain', { signal });
    return true;
  } catch {
    return false;
  }
}
