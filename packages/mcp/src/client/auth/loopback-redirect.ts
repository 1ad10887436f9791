import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpClientError } from '../mcp-client-error.js';

/** Where and how long {@link startLoopbackRedirect} waits for the authorization server's redirect. */
export interface LoopbackRedirectOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. A pre-registered client needs its registered port. */
  readonly port?: number;
  /** Path of the redirect, default '/callback'. */
  readonly path?: string;
  /** Expected `state`; a callback with another state is answered 400 and ignored (keep waiting). */
  readonly state: string;
  /** How long to wait for the callback, default 300_000 ms. */
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
}

/** The authorization server's redirect back to Orkeon, carrying the authorization code. */
export interface AuthorizationCallback {
  /** The callback's query parameters (code, state, iss, …) for the SDK's finishAuth/auth. */
  readonly parameters: URLSearchParams;
  readonly code: string;
  readonly iss?: string;
}

/** A listening loopback redirect endpoint (RFC 8252 §7.3). */
export interface LoopbackRedirect {
  /** e.g. http://127.0.0.1:53122/callback */
  readonly redirectUrl: string;
  /**
   * Resolves with the first callback carrying the right state and a code; rejects on an `error` callback with the
   * right state, on time-out or abort.
   */
  readonly callback: Promise<AuthorizationCallback>;
  close(): Promise<void>;
}

const host = '127.0.0.1';

/**
 * Listens on 127.0.0.1 for the redirect that ends an OAuth authorization-code sign-in. The literal IP, not
 * `localhost`, keeps the redirect off other interfaces and away from name resolution (RFC 8252 §8.3).
 */
export async function startLoopbackRedirect(options: LoopbackRedirectOptions): Promise<LoopbackRedirect> {
  const { state, signal, port = 0, path = '/callback', timeoutMilliseconds = 300_000 } = options;
  if (state === '') throw new TypeError('The sign-in state must not be empty.');
  if (!path.startsWith('/')) throw new TypeError(`The redirect path must start with '/': ${path}`);
  signal?.throwIfAborted();

  let resolve!: (value: AuthorizationCallback) => void;
  let reject!: (reason: unknown) => void;
  const callback = new Promise<AuthorizationCallback>((...settlers) => ([resolve, reject] = settlers));
  // Whoever closes without awaiting the callback must not meet an unhandled rejection.
  callback.catch(() => {});

  let done = false;
  let closing: Promise<void> | undefined;
  const stop = (): Promise<void> => (closing ??= new Promise((closed) => server.close(() => closed())));
  const conclude = (settle: () => void): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    settle();
    void stop();
  };
  const abandon = (reason: unknown): Promise<void> => {
    conclude(() => reject(reason));
    server.closeAllConnections();
    return stop();
  };
  // The answer goes out first; the connections close once it has been written.
  const finish = (response: ServerResponse, status: number, text: string, settle: () => void): void => {
    send(response, status, text, () => server.closeAllConnections());
    conclude(settle);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    if (request.method !== 'GET' || url.pathname !== path) return send(response, 404, 'Not found.');
    if (done) return send(response, 409, 'This sign-in has already finished. Return to the terminal.');
    const parameters = url.searchParams;
    // A stale tab or a forged request: answer it, but keep waiting for the real redirect.
    if (parameters.get('state') !== state) return send(response, 400, 'The state does not match this sign-in.');
    const error = parameters.get('error');
    if (error !== null) {
      const description = parameters.get('error_description');
      const reason = description ? `${error} (${description})` : error;
      const refused = `The authorization server refused the sign-in: ${printable(reason)}.`;
      const failure = new McpClientError('MCP_AUTH_FAILED', refused);
      return finish(response, 400, `Sign-in failed: ${reason}. Return to the terminal.`, () => reject(failure));
    }
    const code = parameters.get('code');
    if (!code) {
      const failure = new McpClientError('MCP_AUTH_FAILED', 'The authorization server redirected back without a code.');
      return finish(response, 400, 'Sign-in failed: no authorization code arrived.', () => reject(failure));
    }
    const iss = parameters.get('iss');
    const answer = { parameters, code, ...(iss === null ? {} : { iss }) };
    finish(response, 200, 'Signed in. You can close this tab and return to the terminal.', () => resolve(answer));
  });

  await new Promise<void>((listening, failed) => {
    server.once('error', (error: NodeJS.ErrnoException) => failed(listenFailure(port, error)));
    server.listen(port, host, () => listening());
  });
  server.removeAllListeners('error').on('error', (error) => void abandon(error));

  const timer = setTimeout(() => {
    const message = `No sign-in arrived within ${timeoutMilliseconds / 1000} s; run \`orkeon mcp login <server-id>\` to open the sign-in URL again.`;
    void abandon(new McpClientError('MCP_AUTH_FAILED', message));
  }, timeoutMilliseconds);
  const onAbort = (): void => void abandon(signal?.reason);
  if (signal?.aborted) {
    await abandon(signal.reason);
    throw signal.reason;
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  const redirectUrl = `http://${host}:${(server.address() as AddressInfo).port}${path}`;
  const closedEarly = 'The sign-in was closed before the authorization server redirected back.';
  return { redirectUrl, callback, close: () => abandon(new McpClientError('MCP_AUTH_FAILED', closedEarly)) };
}

function listenFailure(port: number, error: NodeJS.ErrnoException): McpClientError {
  const message =
    error.code === 'EADDRINUSE'
      ? `Port ${port} on ${host} is in use, so the sign-in cannot receive its redirect. Stop what listens there, or set MCP:Servers:<id>:Auth:RedirectPort to another port the authorization server accepts.`
      : `Cannot listen on ${host}:${port} for the sign-in redirect: ${error.message}. Set MCP:Servers:<id>:Auth:RedirectPort to another port.`;
  return new McpClientError('MCP_AUTH_FAILED', message, { cause: error, details: { port } });
}

function send(response: ServerResponse, status: number, text: string, written?: () => void): void {
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>Orkeon sign-in</title></head><body><p>${escapeHtml(text)}</p></body></html>`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'",
    ...(written === undefined ? {} : { Connection: 'close' }),
  });
  response.end(body, written);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The server's words go to a terminal: control characters could drive it. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 500);
}
