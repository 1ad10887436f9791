import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readOnlyPrelude } from '../src/index.js';

/** One request a test server received. */
export interface ReceivedRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A loopback HTTP server for tests; `requests` lists what it received. */
export interface TestServer extends AsyncDisposable {
  readonly url: string;
  readonly requests: ReceivedRequest[];
}

async function serve(handle: (request: ReceivedRequest, response: ServerResponse) => void): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((incoming: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const received = {
        path: incoming.url ?? '/',
        authorization: incoming.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
      };
      requests.push(received);
      handle(received, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * ArcadeDB's HTTP API as documented: `POST /api/v1/query/{db}` runs idempotent
 * statements only, `POST /api/v1/command/{db}` runs any; bodies
 * `{ language, command, params }`; answers `{ result: [...] }` or `{ error, detail }`;
 * HTTP basic authentication (root / the given password).
 */
export function startArcadeDbServer(password: string): Promise<TestServer> {
  const people: Record<string, unknown>[] = Array.from({ length: 30 }, (_, index) => ({
    '@rid': `#1:${index}`,
    '@type': 'Person',
    name: index === 0 ? 'Ada' : `person ${index}`,
    age: 20 + index,
  }));
  const expected = `Basic ${Buffer.from(`root:${password}`).toString('base64')}`;
  return serve((request, response) => {
    if (request.authorization !== expected)
      return json(response, 401, { error: 'Authentication error', detail: 'Invalid credentials' });
    const match = /^\/api\/v1\/(query|command)\/([^/]+)$/.exec(request.path);
    if (match === null) return json(response, 404, { error: 'Not found' });
    if (match[2] !== 'shop')
      return json(response, 400, { error: 'Database not found', detail: `Database '${match[2]}' does not exist` });
    const command = String(request.body.command ?? '');
    const params = (request.body.params ?? {}) as Record<string, unknown>;
    const writes = /^\s*(insert|update|delete|create|drop)\b/i.test(command);
    if (writes && match[1] === 'query')
      return json(response, 400, {
        error: 'Cannot execute query',
        detail: `Query '${command}' is not idempotent`,
        exception: 'com.arcadedb.exception.CommandExecutionException',
      });
    if (/^select sleep/i.test(command)) {
      setTimeout(() => json(response, 200, { result: [] }), 5_000);
      return;
    }
    if (command === 'SELECT FROM schema:types')
      return json(response, 200, {
        result: [
          {
            name: 'Person',
            type: 'vertex',
            properties: [
              { name: 'name', type: 'STRING' },
              { name: 'age', type: 'INTEGER' },
            ],
          },
          { name: 'Knows', type: 'edge', properties: [] },
        ],
      });
    if (writes) {
      const created = { '@rid': `#1:${people.length}`, '@type': 'Person', name: params.name };
      people.push(created);
      return json(response, 200, { result: [created] });
    }
    if (/where name = :name/i.test(command))
      return json(response, 200, { result: people.filter((person) => person.name === params.name) });
    return json(response, 200, { result: people });
  });
}

/**
 * Gremlin Server's HTTP endpoint as documented: `POST /` with
 * `{ gremlin, bindings, language, aliases }`, answers in GraphSON 3 with
 * `{ status: { code, message }, result: { data } }`; a traversal with a mutating
 * step under `ReadOnlyStrategy` fails like the server's verification does.
 */
export function startGremlinServer(): Promise<TestServer> {
  return serve((request, response) => {
    const script = String(request.body.gremlin ?? '');
    const readOnly = script.startsWith(readOnlyPrelude);
    if (readOnly && /\.(addV|addE|drop|property)\(/.test(script))
      return json(response, 500, {
        message: 'The provided traversal has a mutating step and thus is not read only: ReadOnlyStrategy',
        'Exception-Class': 'org.apache.tinkerpop.gremlin.process.traversal.verification.VerificationException',
        stackTrace:
          'org.apache.tinkerpop.gremlin.process.traversal.verification.VerificationException at SECRET_STACK_FRAME',
      });
    if (script.includes('openManagement'))
      return json(response, 200, {
        requestId: 'r1',
        status: { message: '', code: 200, attributes: {} },
        result: {
          data: {
            '@type': 'g:List',
            '@value': [
              {
                '@type': 'g:Map',
                '@value': [
                  'vertexLabels',
                  { '@type': 'g:List', '@value': ['person', 'software'] },
                  'edgeLabels',
                  { '@type': 'g:List', '@value': ['knows'] },
                  'propertyKeys',
                  {
                    '@type': 'g:List',
                    '@value': [
                      { '@type': 'g:Map', '@value': ['name', 'name', 'dataType', 'String', 'cardinality', 'SINGLE'] },
                    ],
                  },
                ],
              },
            ],
          },
          meta: {},
        },
      });
    const bindings = (request.body.bindings ?? {}) as Record<string, unknown>;
    return json(response, 200, {
      requestId: 'r2',
      status: { message: '', code: 200, attributes: {} },
      result: {
        data: {
          '@type': 'g:List',
          '@value': [
            {
              '@type': 'g:Map',
              '@value': ['name', bindings.who ?? 'Ada', 'age', { '@type': 'g:Int32', '@value': 36 }],
            },
            { '@type': 'g:Map', '@value': ['name', 'Brian', 'age', { '@type': 'g:Int64', '@value': 41 }] },
          ],
        },
        meta: {},
      },
    });
  });
}
