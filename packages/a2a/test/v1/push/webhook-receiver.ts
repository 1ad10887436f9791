import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  /** `Date.now()` when it arrived. */
  readonly at: number;
}

/** How the receiver answers its n-th request (from 0): a status, or a status with headers; status 0 never answers. */
export type WebhookAnswer = (
  index: number,
  body: Record<string, unknown>,
) => number | { status: number; headers?: Record<string, string> };

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** Resolves once `count` requests arrived; rejects after `timeoutMilliseconds`. */
  waitFor(count: number, timeoutMilliseconds?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every webhook and answers as `answer` says (default 200). */
export async function startWebhookReceiver(
  options: { readonly port?: number; readonly answer?: WebhookAnswer } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { unparsed: text };
      }
      const index = received.length;
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        at: Date.now(),
      });
      const answer = options.answer?.(index, body) ?? 200;
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      if (status !== 0) response.writeHead(status, headers).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    async waitFor(count, timeoutMilliseconds = 10_000) {
      const deadline = Date.now() + timeoutMilliseconds;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `expected ${count} webhook requests, got ${received.length} within ${timeoutMilliseconds} ms`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits `milliseconds`, so a test can show that nothing more arrives. */
export function quietFor(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
