import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { ChromaContractCollection } from './chroma-contract-collection.js';
import { ChromaContractRefusal } from './chroma-contract-filters.js';
import {
  createCollectionPayload,
  deletePayload,
  getPayload,
  queryPayload,
  upsertPayload,
} from './chroma-contract-payloads.js';

/** One request as the server received it. */
export interface RecordedChromaRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

export interface ChromaContractServerOptions {
  /** The tenants and their databases; default `default_tenant` with `default_database`. */
  readonly databases?: Readonly<Record<string, readonly string[]>>;
  /** A token every request but the heartbeat must carry in `header` (lower case); `authorization` expects `Bearer <value>`. */
  readonly token?: { readonly header: 'x-chroma-token' | 'authorization'; readonly value: string };
  /** Serve HTTPS with this certificate chain and key. */
  readonly tls?: { readonly cert: string; readonly key: string };
  /** What the pre-flight checks announce; default 100. */
  readonly maxBatchSize?: number;
}

export interface ChromaContractServer {
  /** `http://127.0.0.1:port` (or https). */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedChromaRequest[];
  /** The collection named `name` in the default tenant and database (or those given). */
  collection(name: string, tenant?: string, database?: string): ChromaContractCollection | undefined;
  close(): Promise<void>;
}

const collectionsPath = /^\/api\/v2\/tenants\/([^/]+)\/databases\/([^/]+)\/collections$/;
const recordsPath =
  /^\/api\/v2\/tenants\/([^/]+)\/databases\/([^/]+)\/collections\/([^/]+)\/(upsert|get|query|delete)$/;
const largestBody = 16 * 1024 * 1024;

/**
 * A local HTTP server answering the requests of ChromaDB's REST API v2 that the `chromadb`
 * client sends for a memory store: heartbeat, pre-flight checks, get-or-create collection,
 * and upsert, get, query and delete of records. It is strict: another path is answered 404,
 * a body the contract does not describe 400, so a change in what the client sends shows up
 * as a failing test. It is a contract test double, not ChromaDB: no persistence, exact
 * (not approximate) nearest neighbours.
 */
export async function startChromaContractServer(
  options: ChromaContractServerOptions = {},
): Promise<ChromaContractServer> {
  const databases = options.databases ?? { default_tenant: ['default_database'] };
  const collections: ChromaContractCollection[] = [];
  const requests: RecordedChromaRequest[] = [];

  const handle = async (request: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const url = new URL(request.url ?? '/', 'http://contract');
    const text = await readBody(request);
    let body: unknown;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new ChromaContractRefusal(400, 'InvalidArgumentError', 'The body is not JSON');
      }
    }
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
    if (request.method === 'GET' && url.pathname === '/api/v2/heartbeat')
      return { status: 200, body: { 'nanosecond heartbeat': Number(process.hrtime.bigint()) } };
    checkToken(request, options.token);
    if (request.method === 'GET' && url.pathname === '/api/v2/pre-flight-checks')
      return { status: 200, body: { max_batch_size: options.maxBatchSize ?? 100, supports_base64_encoding: true } };
    const create = collectionsPath.exec(url.pathname);
    if (request.method === 'POST' && create !== null) {
      const [tenant, database] = knownDatabase(databases, create[1], create[2]);
      const payload = parsed(createCollectionPayload, body);
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,510}[A-Za-z0-9]$/.test(payload.name) || payload.name.includes('..'))
        throw new ChromaContractRefusal(400, 'InvalidArgumentError', `Invalid collection name: ${payload.name}`);
      const existing = collections.find(
        (candidate) =>
          candidate.tenant === tenant && candidate.database === database && candidate.name === payload.name,
      );
      if (existing !== undefined) {
        if (payload.get_or_create !== true)
          throw new ChromaContractRefusal(409, 'UniqueConstraintError', `Collection ${payload.name} already exists`);
        return { status: 200, body: existing.describe() };
      }
      const space = payload.configuration?.hnsw?.space ?? 'l2';
      const created = new ChromaContractCollection(
        tenant,
        database,
        payload.name,
        space,
        payload.metadata ?? null,
        payload.configuration?.embedding_function ?? null,
      );
      collections.push(created);
      return { status: 200, body: created.describe() };
    }
    const records = recordsPath.exec(url.pathname);
    if (request.method === 'POST' && records !== null) {
      const [tenant, database] = knownDatabase(databases, records[1], records[2]);
      const collection = collections.find(
        (candidate) => candidate.id === records[3] && candidate.tenant === tenant && candidate.database === database,
      );
      if (collection === undefined)
        throw new ChromaContractRefusal(404, 'NotFoundError', `Collection [${records[3]}] does not exist`);
      switch (records[4]) {
        case 'upsert':
          return { status: 200, body: collection.upsert(parsed(upsertPayload, body)) };
        case 'get':
          return { status: 200, body: collection.get(parsed(getPayload, body)) };
        case 'query':
          return { status: 200, body: collection.query(parsed(queryPayload, body)) };
        default:
          return { status: 200, body: collection.delete(parsed(deletePayload, body)) };
      }
    }
    throw new ChromaContractRefusal(404, 'NotFoundError', `No route ${request.method} ${url.pathname}`);
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request).then(
      ({ status, body }) => send(response, status, body),
      (error: unknown) => {
        if (error instanceof ChromaContractRefusal)
          send(response, error.status, { error: error.errorName, message: error.message });
        else send(response, 500, { error: 'InternalError', message: String(error) });
      },
    );
  };
  const server: Server =
    options.tls === undefined ? createHttpServer(listener) : createHttpsServer(options.tls, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    port,
    requests,
    collection: (name, tenant = 'default_tenant', database = 'default_database') =>
      collections.find(
        (candidate) => candidate.name === name && candidate.tenant === tenant && candidate.database === database,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parsed<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new ChromaContractRefusal(
      400,
      'InvalidArgumentError',
      `The body does not follow the contract: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')}`,
    );
  return result.data;
}

function knownDatabase(
  databases: Readonly<Record<string, readonly string[]>>,
  tenant: string | undefined,
  database: string | undefined,
): [string, string] {
  const tenantName = decodeURIComponent(tenant ?? '');
  const databaseName = decodeURIComponent(database ?? '');
  if (!databases[tenantName]?.includes(databaseName))
    throw new ChromaContractRefusal(
      404,
      'NotFoundError',
      `Database ${databaseName} not found for tenant ${tenantName}. Are you sure it exists?`,
    );
  return [tenantName, databaseName];
}

function checkToken(request: IncomingMessage, token: ChromaContractServerOptions['token']): void {
  if (token === undefined) return;
  const sent = request.headers[token.header];
  const expected = token.header === 'authorization' ? `Bearer ${token.value}` : token.value;
  if (sent !== expected) throw new ChromaContractRefusal(401, 'AuthError', 'Unauthorized');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > largestBody) reject(new ChromaContractRefusal(413, 'InvalidArgumentError', 'The body is too large'));
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
