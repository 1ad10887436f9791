import type { IncomingMessage } from 'node:http';

/** How much of an oversize body is read and discarded before the 413, at most. */
export interface DiscardLimits {
  readonly bytes: number;
  readonly milliseconds: number;
}

/** 64 MiB or 10 s, whichever comes first; a client sending more or slower loses the connection without an answer. */
export const oversizeBodyDiscardLimits: DiscardLimits = { bytes: 64 * 1024 * 1024, milliseconds: 10_000 };

/**
 * Reads and throws away the rest of a request body that went over the limit, so that the
 * 413 can be sent and the connection closed with nothing left unread. A socket closed
 * with unread data makes the kernel answer the client's next packets with a reset, and a
 * client still sending then loses the 413 it was sent. Nothing is kept in memory.
 * Resolves true once the body has ended, false when it is longer or slower than `limits`
 * or the connection broke.
 */
export function discardRequestBody(
  request: IncomingMessage,
  limits: DiscardLimits = oversizeBodyDiscardLimits,
): Promise<boolean> {
  if (request.complete || request.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onBroken);
      request.off('close', onBroken);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onBroken = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), limits.milliseconds);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onBroken);
    request.on('close', onBroken);
    request.resume();
  });
}
