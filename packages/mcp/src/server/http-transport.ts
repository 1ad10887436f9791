// One file over 300 lines: the checks of one request (origin, host, token, method, media type, size,
// headers) run in order before the dispatcher answers, and the streamed answer shares their state.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '@modelcontextprotocol/client';
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { metaKeys, modernProtocolVersions } from '../protocol/revisions.js';
import type { McpServeAuthSettings } from '../settings/mcp-serve-auth-settings.js';
import { ResourceProtection } from './auth/resource-protection.js';
import type { DualEraDispatcher, McpCaller } from './dual-era-dispatcher.js';
import {
  errorResponse,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcCodes,
  type IncomingMessage as McpMessage,
  readMessage,
} from './json-rpc.js';
import { type LegacySession, LegacySessions } from './legacy-session.js';
import { defaultMaxMessageBytes } from './stdio-transport.js';

/** JSON-RPC error of a request whose headers disagree with its body (2026-07-28). */
const headerMismatchCode = -32020;

export interface HttpServeOptions {
  readonly dispatcher: DualEraDispatcher;
  /** Default 127.0.0.1: reachable from this machine only. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Path of the endpoint; default `/mcp`. */
  readonly path?: string;
  /**
   * Host names a browser page may call from (its `Origin`), besides localhost.
   * A request with any other `Origin` gets 403; requests without one (not from a browser) pass.
   */
  readonly allowedOrigins?: readonly string[];
  readonly maxMessageBytes?: number;
  /**
   * `MCP:Serve:Auth`: every request needs a bearer token from this issuer, for this resource; its
   * scopes choose the tools. Absent: no authentication (keep the server on loopback then).
   */
  readonly authorization?: McpServeAuthSettings;
  /** Reaches the issuer (metadata, keys, introspection); default the global fetch. */
  readonly fetch?: FetchLike;
}

export interface McpHttpServer {
  /** `http://host:port/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP: every message is one POST answered with one JSON body (202 and no body
 * for a notification), or, when a request sends something before its answer (progress, log
 * lines, a listen stream's notifications, a legacy request to the client) and the client
 * accepts `text/event-stream`, with an SSE stream of those and then the answer. The
 * 2026-07-28 revision is served statelessly. A legacy `initialize` opens a session
 * (`Mcp-Session-Id`) that remembers the client's capabilities, log level and subscriptions;
 * its GET stream carries resource updates and DELETE ends it. Legacy requests without a
 * session are served too, statelessly. The `Origin` allow-list, and on a loopback address
 * the `Host` check, defend against DNS rebinding: a page of another site cannot drive the
 * server through a browser.
 */
export async function startMcpHttpServer(options: HttpServeOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const limit = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const origins = [...localhostAllowedOrigins(), ...(options.allowedOrigins ?? [])];
  const hosts = isLoopback(host) ? localhostAllowedHostnames() : undefined;
  const sessions = new LegacySessions();
  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        reply(response, 500, errorResponse(null, jsonRpcCodes.internalError, `Internal error: ${String(error)}`));
      else response.destroy();
    });
  });

  // Set once listening (the resource URL may hold the chosen port); requests wait for it.
  let protection: Promise<ResourceProtection | undefined> = Promise.resolve(undefined);

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const guard = await protection;
    if (guard !== undefined && request.method === 'GET' && guard.metadataPaths.includes(url.pathname)) {
      const text = JSON.stringify(guard.metadata);
      // Browser-based clients read the metadata from another origin.
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        'access-control-allow-origin': '*',
      });
      response.end(text);
      return;
    }
    if (url.pathname !== path) {
      return reply(
        response,
        404,
        errorResponse(null, jsonRpcCodes.invalidRequest, `Not found: the MCP endpoint is ${path}.`),
      );
    }
    const origin = validateOriginHeader(request.headers.origin, origins);
    if (!origin.ok)
      return reply(
        response,
        403,
        errorResponse(
          null,
          jsonRpcCodes.invalidRequest,
          `Forbidden: ${origin.message} Allow the page's host with --allow-origin.`,
        ),
      );
    if (hosts !== undefined) {
      const checked = validateHostHeader(request.headers.host, hosts);
      if (!checked.ok)
        return reply(response, 403, errorResponse(null, jsonRpcCodes.invalidRequest, `Forbidden: ${checked.message}`));
    }
    let caller: McpCaller | undefined;
    if (guard !== undefined) {
      const checked = await guard.authenticate(single(request.headers.authorization));
      if (!checked.ok) {
        request.resume();
        response.setHeader('www-authenticate', checked.challenge);
        return reply(response, checked.status, errorResponse(null, jsonRpcCodes.invalidRequest, checked.message));
      }
      caller = checked.caller;
    }
    const sessionId = single(request.headers['mcp-session-id']);
    if (request.method === 'GET' || request.method === 'DELETE') {
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (sessionId === undefined) {
        response.setHeader('allow', 'POST');
        return reply(
          response,
          405,
          errorResponse(
            null,
            jsonRpcCodes.invalidRequest,
            `Method not allowed: ${request.method} needs the Mcp-Session-Id a legacy initialize answered; send MCP messages as POSTs.`,
          ),
        );
      }
      if (session === undefined) return reply(response, 404, sessionNotFound());
      if (request.method === 'DELETE') {
        sessions.end(session.id);
        response.writeHead(200).end();
        return;
      }
      return openSessionStream(session, request, response);
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'GET, POST, DELETE');
      return reply(
        response,
        405,
        errorResponse(null, jsonRpcCodes.invalidRequest, 'Method not allowed: send MCP messages as POSTs.'),
      );
    }
    const type = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type))
      return reply(
        response,
        415,
        errorResponse(
          null,
          jsonRpcCodes.invalidRequest,
          'Unsupported media type: send Content-Type: application/json.',
        ),
      );
    const body = await readBody(request, limit);
    if (body === undefined)
      return reply(
        response,
        413,
        errorResponse(
          null,
          jsonRpcCodes.invalidRequest,
          `Payload too large: a message may have at most ${limit} bytes.`,
        ),
      );
    const incoming = readMessage(body);
    const mismatch = checkHeaders(request, incoming);
    if (mismatch !== undefined) return reply(response, 400, mismatch);
    // A legacy request names its session; the modern era ignores the header.
    let session: LegacySession | undefined;
    if (incoming.kind === 'request' && !isModern(incoming.message)) {
      if (incoming.message.method === 'initialize') {
        session = sessions.open();
        response.setHeader('mcp-session-id', session.id);
      } else if (sessionId !== undefined) {
        session = sessions.get(sessionId);
        if (session === undefined) return reply(response, 404, sessionNotFound(incoming.message.id));
      }
    }
    const abort = new AbortController();
    // The client closing its side is how it cancels a request over HTTP.
    response.once('close', () => {
      if (!response.writableFinished) abort.abort(new Error('the client closed the connection'));
    });
    // Notifications during a call (progress, logs) turn the answer into an SSE stream, if the client takes one.
    let streaming = false;
    const accept = single(request.headers.accept) ?? '';
    const notify = /\btext\/event-stream\b/i.test(accept)
      ? (notification: JsonRpcNotification | JsonRpcRequest) => {
          if (response.destroyed) return;
          if (!streaming) {
            response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
            streaming = true;
          }
          response.write(serverSentEvent(notification));
        }
      : undefined;
    const result = await options.dispatcher.dispatch(incoming, {
      signal: abort.signal,
      ...(notify === undefined ? {} : { notify }),
      ...(caller === undefined ? {} : { caller }),
      ...(session === undefined ? {} : { session }),
    });
    if (result.needsWriteScope === true && guard !== undefined)
      response.setHeader('www-authenticate', guard.writeChallenge);
    if (streaming) {
      if (result.response !== undefined && !response.destroyed) response.write(serverSentEvent(result.response));
      response.end();
      return;
    }
    if (result.response === undefined) {
      response.writeHead(202).end();
      return;
    }
    reply(response, result.httpStatus, result.response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shown}:${address.port}${path}`;
  const settings = options.authorization;
  if (settings !== undefined) {
    protection = ResourceProtection.create(settings, url, options.fetch);
    await protection.catch(async (error: unknown) => {
      await closeServer(server);
      throw error;
    });
  }
  return {
    url,
    close: () => {
      sessions.endAll();
      options.dispatcher.close();
      return closeServer(server);
    },
  };
}

/**
 * A session's GET stream: the resource updates of its subscriptions arrive here. One stream
 * per session; a second is refused while the first is open.
 */
function openSessionStream(session: LegacySession, request: IncomingMessage, response: ServerResponse): void {
  if (!/\btext\/event-stream\b/i.test(single(request.headers.accept) ?? '')) {
    reply(
      response,
      406,
      errorResponse(null, jsonRpcCodes.invalidRequest, 'Not acceptable: a GET stream needs Accept: text/event-stream.'),
    );
    return;
  }
  if (session.push !== undefined) {
    reply(
      response,
      409,
      errorResponse(null, jsonRpcCodes.invalidRequest, 'Conflict: this session already has a GET stream open.'),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
  const push = (message: JsonRpcNotification) => {
    if (!response.destroyed) response.write(serverSentEvent(message));
  };
  session.push = push;
  response.once('close', () => {
    if (session.push === push) session.push = undefined;
  });
}

function sessionNotFound(id: string | number | null = null): JsonRpcResponse {
  return errorResponse(
    id,
    jsonRpcCodes.invalidRequest,
    'Session not found: this server ended the session or restarted. Send initialize again without Mcp-Session-Id.',
  );
}

function isModern(message: JsonRpcRequest): boolean {
  const meta = message.params?._meta;
  return typeof meta === 'object' && meta !== null && metaKeys.protocolVersion in meta;
}

/** Headers must agree with a modern body: `MCP-Protocol-Version` with its `_meta`, `Mcp-Method` with its method. */
function checkHeaders(request: IncomingMessage, incoming: McpMessage): JsonRpcResponse | undefined {
  if (incoming.kind !== 'request' && incoming.kind !== 'notification') return undefined;
  const message = incoming.message;
  const meta = message.params?._meta as Record<string, unknown> | undefined;
  const declared = meta?.[metaKeys.protocolVersion];
  const header = single(request.headers['mcp-protocol-version']);
  const id = incoming.kind === 'request' ? incoming.message.id : null;
  if (declared === undefined) {
    if (header !== undefined && modernProtocolVersions.includes(header))
      return errorResponse(
        id,
        jsonRpcCodes.invalidParams,
        `Invalid params: the MCP-Protocol-Version header says ${header}, but _meta["${metaKeys.protocolVersion}"] is missing; a modern request carries both.`,
      );
    return undefined;
  }
  if (header !== undefined && header !== declared)
    return errorResponse(
      id,
      headerMismatchCode,
      `Header mismatch: MCP-Protocol-Version is '${header}' but _meta declares '${String(declared)}'.`,
    );
  const method = single(request.headers['mcp-method']);
  if (method !== undefined && method !== message.method)
    return errorResponse(
      id,
      headerMismatchCode,
      `Header mismatch: Mcp-Method is '${method}' but the body's method is '${message.method}'.`,
    );
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The body as text, or undefined once it passes the limit (the rest is discarded, not buffered). */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.resume();
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function reply(response: ServerResponse, status: number, body: JsonRpcResponse): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function serverSentEvent(message: JsonRpcNotification | JsonRpcRequest | JsonRpcResponse): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
