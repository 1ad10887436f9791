import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { invalidArgument, PineconeContractRefusal } from './pinecone-contract-filter.js';
import { PineconeContractIndex, type PineconeContractIndexDefinition } from './pinecone-contract-index.js';
import { deletePayload, describeIndexStatsPayload, queryPayload, upsertPayload } from './pinecone-contract-payloads.js';

/** One request as a plane received it. */
export interface RecordedPineconeRequest {
  readonly plane: 'control' | 'data';
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string[]>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

export interface PineconeContractServerOptions {
  /** The key every request must carry in `Api-Key`. */
  readonly apiKey: string;
  /** HTTPS certificate chain and key: the client reaches an index host over https:// only. */
  readonly tls: { readonly cert: string; readonly key: string };
  /** Default: `orkeon-memories`, dimension 3, cosine. */
  readonly indexes?: readonly PineconeContractIndexDefinition[];
}

export interface PineconeContractServer {
  /** The control plane, `https://127.0.0.1:port`. */
  readonly controlUrl: string;
  readonly requests: RecordedPineconeRequest[];
  /** The host of an index, bare (`127.0.0.1:port`) as describe_index gives it. */
  hostOf(indexName: string): string;
  index(indexName: string): PineconeContractIndex;
  close(): Promise<void>;
}

const apiVersion = '2026-07';
const largestBody = 2 * 1024 * 1024;

/**
 * Local HTTPS servers answering the requests Pinecone's TypeScript client (v9, API version
 * 2026-07) sends for a memory store: describe_index on a control plane, and on one host per
 * index describe_index_stats, upsert, fetch, query, list and delete of vectors. They are
 * strict: each request must carry the API key and the API version, another path is answered
 * 404, a body the contract does not describe 400, so a change in what the client sends shows
 * up as a failing test. A contract test double, not Pinecone: exact nearest neighbours, and
 * every write visible at once (Pinecone is eventually consistent).
 */
export async function startPineconeContractServer(
  options: PineconeContractServerOptions,
): Promise<PineconeContractServer> {
  const requests: RecordedPineconeRequest[] = [];
  const definitions = options.indexes ?? [{ name: 'orkeon-memories', dimension: 3, metric: 'cosine' }];
  const indexes = new Map<string, { index: PineconeContractIndex; server: Server; host: string }>();
  const servers: Server[] = [];

  const listen = async (
    handle: (request: IncomingMessage, body: unknown, url: URL) => unknown,
    plane: 'control' | 'data',
  ) => {
    const server = createServer(options.tls, (request, response) => {
      serve(request, response, plane, options.apiKey, requests, handle);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return server;
  };

  for (const definition of definitions) {
    const index = new PineconeContractIndex(definition);
    const server = await listen((request, body, url) => dataPlane(index, request, body, url), 'data');
    indexes.set(definition.name, { index, server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  const control = await listen((request, _body, url) => {
    const described = /^\/indexes\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || described === null) throw new PineconeContractRefusal(404, 5, 'Not Found');
    const name = decodeURIComponent(described[1] ?? '');
    const found = indexes.get(name);
    if (found === undefined) throw new PineconeContractRefusal(404, 5, `Resource ${name} not found`);
    return found.index.describe(found.host);
  }, 'control');

  const entry = (name: string) => {
    const found = indexes.get(name);
    if (found === undefined) throw new Error(`the contract server has no index '${name}'`);
    return found;
  };
  return {
    controlUrl: `https://127.0.0.1:${(control.address() as AddressInfo).port}`,
    requests,
    hostOf: (name) => entry(name).host,
    index: (name) => entry(name).index,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

function dataPlane(index: PineconeContractIndex, request: IncomingMessage, body: unknown, url: URL): unknown {
  const route = `${request.method} ${url.pathname}`;
  const single = (name: string): string | undefined => {
    const values = url.searchParams.getAll(name);
    if (values.length > 1) throw invalidArgument(`${name} is given more than once`);
    return values[0];
  };
  switch (route) {
    case 'POST /describe_index_stats':
      return index.describeStats(parsed(describeIndexStatsPayload, body ?? {}));
    case 'POST /vectors/upsert':
      return index.upsert(parsed(upsertPayload, body));
    case 'POST /query':
      return index.query(parsed(queryPayload, body));
    case 'POST /vectors/delete':
      return index.delete(parsed(deletePayload, body));
    case 'GET /vectors/fetch':
      onlyParameters(url, ['ids', 'namespace']);
      return index.fetch(url.searchParams.getAll('ids'), single('namespace') ?? '');
    case 'GET /vectors/list': {
      onlyParameters(url, ['namespace', 'limit', 'paginationToken', 'prefix']);
      const limit = single('limit');
      return index.list(
        single('namespace') ?? '',
        limit === undefined ? 100 : Number(limit),
        single('paginationToken'),
        single('prefix') ?? '',
      );
    }
    default:
      throw new PineconeContractRefusal(404, 5, `Not Found: ${route}`);
  }
}

function onlyParameters(url: URL, allowed: readonly string[]): void {
  for (const name of url.searchParams.keys())
    if (!allowed.includes(name)) throw invalidArgument(`unknown query parameter '${name}'`);
}

function serve(
  request: IncomingMessage,
  response: ServerResponse,
  plane: 'control' | 'data',
  apiKey: string,
  requests: RecordedPineconeRequest[],
  handle: (request: IncomingMessage, body: unknown, url: URL) => unknown,
): void {
  const answer = async () => {
    const url = new URL(request.url ?? '/', 'https://contract');
    const text = await readBody(request);
    let body: unknown;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        throw invalidArgument('The body is not JSON');
      }
    }
    const query: Record<string, string[]> = {};
    for (const name of new Set(url.searchParams.keys())) query[name] = url.searchParams.getAll(name);
    requests.push({ plane, method: request.method ?? '', path: url.pathname, query, headers: request.headers, body });
    if (request.headers['api-key'] !== apiKey) throw new PineconeContractRefusal(401, 16, 'Invalid API Key');
    if (request.headers['x-pinecone-api-version'] !== apiVersion)
      throw invalidArgument(`This server speaks API version ${apiVersion} only (X-Pinecone-Api-Version)`);
    return handle(request, body, url);
  };
  answer().then(
    (body) => send(response, 200, body),
    (error: unknown) => {
      const refusal =
        error instanceof PineconeContractRefusal ? error : new PineconeContractRefusal(500, 13, String(error));
      // The control plane answers in its REST form, the data plane in the gRPC status form.
      const body =
        plane === 'control'
          ? {
              error: {
                code:
                  refusal.status === 404
                    ? 'NOT_FOUND'
                    : refusal.status === 401
                      ? 'UNAUTHENTICATED'
                      : 'INVALID_ARGUMENT',
                message: refusal.message,
              },
              status: refusal.status,
            }
          : { code: refusal.grpcCode, message: refusal.message, details: [] };
      send(response, refusal.status, body);
    },
  );
}

function parsed<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw invalidArgument(
      `The body does not follow the contract: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')}`,
    );
  return result.data;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > largestBody) reject(new PineconeContractRefusal(413, 8, 'Request size exceeds the 2 MB limit'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
