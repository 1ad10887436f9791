// A LanceDB Cloud stand-in for tests: the part of the REST + Arrow IPC contract that
// @lancedb/lancedb's remote client uses for a memory table, served over loopback and
// answered by a real embedded LanceDB in a temporary folder. One file, because every
// route shares the request parsing, the authentication and the Arrow conversions.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import {
  type Connection,
  connect,
  Index,
  MatchQuery,
  type MergeResult,
  Operator,
  type Query,
  type Table,
  type VectorQuery,
} from '@lancedb/lancedb';
import { arrowStreamToFile } from './arrow-stream-to-file.js';

// The CommonJS copy of Arrow, the one @lancedb/lancedb itself loads, so that tables pass between them.
const arrow = createRequire(import.meta.url)('apache-arrow') as typeof import('apache-arrow');

/**
 * The client compresses its Arrow bodies with LZ4 frames, which Arrow for JavaScript cannot
 * read; LanceDB's own Rust reader, under its JavaScript classes, can (given an Arrow file,
 * so each body is rewrapped by `arrowStreamToFile`). These are those calls.
 */
interface NativeTableWrites {
  add(body: Buffer, mode: string): Promise<{ version: number }>;
  mergeInsert(on: string[]): NativeMergeInsert;
}
interface NativeMergeInsert {
  whenMatchedUpdateAll(): NativeMergeInsert;
  whenNotMatchedInsertAll(): NativeMergeInsert;
  execute(body: Buffer): Promise<MergeResult>;
}
interface NativeConnectionWrites {
  createTable(name: string, body: Buffer, mode: string): Promise<unknown>;
}
const nativeTable = (table: Table) => (table as unknown as { inner: NativeTableWrites }).inner;
const nativeConnection = (connection: Connection) => (connection as unknown as { inner: NativeConnectionWrites }).inner;

/** The version this stand-in announces (`phalanx-version`): structured full-text queries, one request per write. */
const serverVersion = '0.3.0';

export interface RecordedCloudRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface LanceDbCloudTestServer extends AsyncDisposable {
  /** The address to give as `HostOverride`. */
  readonly url: string;
  /** Every request, in order (bodies as text, Arrow bodies only by size). */
  readonly requests: readonly RecordedCloudRequest[];
  close(): Promise<void>;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the stand-in; every request must carry `x-api-key: apiKey` and `x-lancedb-database: database`. */
export async function startLanceDbCloudTestServer(options: {
  readonly apiKey: string;
  readonly database: string;
  readonly folder: string;
  /** Echo the API key into error bodies, as a careless server might, to prove the client side scrubs it. */
  readonly leakKeyInErrors?: boolean;
}): Promise<LanceDbCloudTestServer> {
  const database = await connect(options.folder);
  const requests: RecordedCloudRequest[] = [];
  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const arrowBody = String(request.headers['content-type'] ?? '').includes('arrow');
    requests.push({
      method: request.method ?? '',
      path,
      headers: request.headers,
      body: arrowBody ? `<arrow ${body.length} bytes>` : body.toString('utf8'),
    });
    try {
      if (request.headers['x-api-key'] !== options.apiKey) throw new HttpFailure(401, 'invalid API key');
      if (request.headers['x-lancedb-database'] !== options.database) throw new HttpFailure(404, 'unknown database');
      await route(request, response, body);
    } catch (error) {
      const status = error instanceof HttpFailure ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      const leak = options.leakKeyInErrors === true ? ` (key ${String(request.headers['x-api-key'])})` : '';
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `${reason}${leak}` }));
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/v1/table/') {
      return json(response, { tables: await database.tableNames() });
    }
    const match = /^\/v1\/table\/([^/]+)\/(.+?)\/?$/.exec(url.pathname);
    if (request.method !== 'POST' || match === null) throw new HttpFailure(404, `no route ${url.pathname}`);
    const name = decodeURIComponent(match[1] as string);
    const action = match[2] as string;
    if (action === 'create') return create(response, name, url, body);
    const table = await openTable(database, name);
    const input = body.length > 0 && !String(request.headers['content-type']).includes('arrow') ? parse(body) : {};
    switch (action) {
      case 'describe':
        return json(response, { version: await table.version(), schema: jsonSchema(await table.schema()) });
      case 'merge_insert':
        return mergeInsert(response, table, url, body);
      case 'insert':
        return json(response, await nativeTable(table).add(arrowStreamToFile(body), 'append'));
      case 'query':
        return query(response, table, input);
      case 'count_rows':
        return json(response, await table.countRows(optionalText(input.predicate)));
      case 'delete': {
        const result = await table.delete(String(input.predicate));
        return json(response, { num_deleted_rows: result.numDeletedRows, version: result.version });
      }
      case 'add_columns': {
        const columns = input.new_columns as { name: string; expression: string }[];
        const result = await table.addColumns(
          columns.map(({ name: column, expression }) => ({ name: column, valueSql: expression })),
        );
        return json(response, { version: result.version });
      }
      case 'create_index':
        await table.createIndex(String(input.column), { config: indexOf(input), replace: true });
        return json(response, {});
      case 'index/list': {
        const indices = await table.listIndices();
        return json(response, {
          indexes: indices.map((index) => ({
            index_name: index.name,
            columns: index.columns,
            index_type: index.indexType,
          })),
        });
      }
      default:
        throw new HttpFailure(404, `no route ${url.pathname}`);
    }
  }

  async function create(response: ServerResponse, name: string, url: URL, body: Buffer): Promise<void> {
    const names = await database.tableNames();
    if (names.includes(name)) {
      if (url.searchParams.get('mode') !== 'overwrite') throw new HttpFailure(400, `Table '${name}' already exists`);
      await database.dropTable(name);
    }
    await nativeConnection(database).createTable(name, arrowStreamToFile(body), 'create');
    const table = await database.openTable(name);
    response.setHeader('phalanx-version', serverVersion);
    json(response, { version: await table.version() });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    database.close();
  };
  return { url: `http://127.0.0.1:${port}`, requests, close, [Symbol.asyncDispose]: close };
}

async function openTable(database: Connection, name: string): Promise<Table> {
  if (!(await database.tableNames()).includes(name)) throw new HttpFailure(404, `Table '${name}' was not found`);
  return database.openTable(name);
}

async function mergeInsert(response: ServerResponse, table: Table, url: URL, body: Buffer): Promise<void> {
  let builder = nativeTable(table).mergeInsert(url.searchParams.getAll('on'));
  if (url.searchParams.get('when_matched_update_all') === 'true') builder = builder.whenMatchedUpdateAll();
  if (url.searchParams.get('when_not_matched_insert_all') === 'true') builder = builder.whenNotMatchedInsertAll();
  const result = await builder.execute(arrowStreamToFile(body));
  json(response, {
    version: result.version,
    num_inserted_rows: result.numInsertedRows,
    num_updated_rows: result.numUpdatedRows,
    num_deleted_rows: result.numDeletedRows,
  });
}

/** A `/query/` body run on the embedded table; the answer is an Arrow IPC file, as the service sends. */
async function query(response: ServerResponse, table: Table, input: Record<string, unknown>): Promise<void> {
  const vector = (input.vector ?? []) as number[];
  let search: Query | VectorQuery = table.query();
  if (vector.length > 0) {
    let nearest = table.query().nearestTo(vector);
    if (typeof input.vector_column === 'string') nearest = nearest.column(input.vector_column);
    if (typeof input.distance_type === 'string') nearest = nearest.distanceType(input.distance_type as 'cosine');
    if (typeof input.ef === 'number') nearest = nearest.ef(input.ef);
    if (typeof input.refine_factor === 'number') nearest = nearest.refineFactor(input.refine_factor);
    if (input.prefilter === false) nearest = nearest.postfilter();
    search = nearest;
  }
  const fullText = input.full_text_query as { query?: Record<string, unknown> } | undefined;
  if (fullText?.query !== undefined) search = search.fullTextSearch(fullTextQuery(fullText.query));
  if (typeof input.filter === 'string') search = search.where(input.filter);
  if (Array.isArray(input.columns)) search = search.select(input.columns as string[]);
  // The client sends the largest signed 64-bit number as "no limit".
  if (typeof input.k === 'number' && input.k < 2 ** 31) search = search.limit(input.k);
  const result = await search.toArrow();
  response.writeHead(200, { 'content-type': 'application/vnd.apache.arrow.file' });
  response.end(Buffer.from(arrow.tableToIPC(result, 'file')));
}

/** The structured full-text query of the client (`{ match: { column, terms, operator, … } }`), the kind the store sends. */
function fullTextQuery(serialized: Record<string, unknown>): MatchQuery {
  const match = serialized.match as Record<string, unknown> | undefined;
  if (match === undefined) throw new HttpFailure(400, `unsupported full-text query ${JSON.stringify(serialized)}`);
  const operator = String(match.operator ?? 'Or').toUpperCase() === 'AND' ? Operator.And : Operator.Or;
  return new MatchQuery(String(match.terms), String(match.column), { operator });
}

function indexOf(input: Record<string, unknown>): Index {
  const distanceType = String(input.distance_type ?? input.metric_type ?? 'l2') as 'cosine' | 'l2' | 'dot';
  switch (input.index_type) {
    case 'FTS':
      return Index.fts({
        ...(typeof input.with_position === 'boolean' ? { withPosition: input.with_position } : {}),
        ...(typeof input.lower_case === 'boolean' ? { lowercase: input.lower_case } : {}),
        ...(typeof input.stem === 'boolean' ? { stem: input.stem } : {}),
        ...(typeof input.remove_stop_words === 'boolean' ? { removeStopWords: input.remove_stop_words } : {}),
        ...(typeof input.ascii_folding === 'boolean' ? { asciiFolding: input.ascii_folding } : {}),
      });
    case 'IVF_HNSW_SQ':
      return Index.hnswSq({
        distanceType,
        ...(typeof input.num_partitions === 'number' ? { numPartitions: input.num_partitions } : {}),
      });
    default:
      throw new HttpFailure(400, `unsupported index type ${String(input.index_type)}`);
  }
}

type JsonField = { name: string; type: JsonType; nullable: boolean };
type JsonType = { type: string; fields?: JsonField[]; length?: number };

/** A table's schema in the service's JSON form (Lance's `JsonSchema`). */
function jsonSchema(schema: import('apache-arrow').Schema): { fields: JsonField[] } {
  return { fields: schema.fields.map(jsonField) };
}

function jsonField(field: import('apache-arrow').Field): JsonField {
  return { name: field.name, type: jsonType(field.type), nullable: field.nullable };
}

function jsonType(type: import('apache-arrow').DataType): JsonType {
  const { DataType } = arrow;
  if (DataType.isUtf8(type)) return { type: 'string' };
  if (DataType.isFloat(type)) return { type: ['halffloat', 'float', 'double'][type.precision] as string };
  if (DataType.isInt(type)) return { type: `${type.isSigned ? '' : 'u'}int${type.bitWidth}` };
  if (DataType.isBool(type)) return { type: 'bool' };
  if (DataType.isList(type)) return { type: 'list', fields: type.children.map(jsonField) };
  if (DataType.isFixedSizeList(type))
    return { type: 'fixed_size_list', fields: type.children.map(jsonField), length: type.listSize };
  throw new HttpFailure(500, `no JSON form for the type ${String(type)}`);
}

function json(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json', 'phalanx-version': serverVersion });
  response.end(JSON.stringify(value));
}

function parse(body: Buffer): Record<string, unknown> {
  return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
