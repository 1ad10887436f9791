import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArcadeDbQueryTool,
  createGraphSchemaTool,
  createJanusGraphQueryTool,
  type DatabaseSettingsInput,
  DatabaseToolError,
  readOnlyPrelude,
} from '../src/index.js';
import { callTool, emptyFileSystem } from './database-fixture.js';
import { startArcadeDbServer, startGremlinServer, type TestServer } from './graph-servers.js';

const password = 'Arcade-Pa55word';
let arcade: TestServer;
let gremlin: TestServer;
let settings: DatabaseSettingsInput;

beforeAll(async () => {
  arcade = await startArcadeDbServer(password);
  gremlin = await startGremlinServer();
  const arcadeUrl = arcade.url.replace('http://', `http://root:${password}@`);
  settings = {
    Connections: {
      graph: { Kind: 'arcadedb', ConnectionString: arcadeUrl, Database: 'shop', MaxRows: 5 },
      graphWriter: { Kind: 'arcadedb', ConnectionString: arcadeUrl, Database: 'shop', AllowWrites: true },
      graphQuick: { Kind: 'arcadedb', ConnectionString: arcadeUrl, Database: 'shop', TimeoutSeconds: 1 },
      graphWrongPassword: {
        Kind: 'arcadedb',
        ConnectionString: `${arcadeUrl.replace(password, `${password}x`)}`,
        Database: 'shop',
      },
      janus: { Kind: 'janusgraph', ConnectionString: gremlin.url, TraversalSource: 'g_read' },
      janusWriter: { Kind: 'janusgraph', ConnectionString: gremlin.url, AllowWrites: true },
    },
  };
});
afterAll(async () => {
  await arcade[Symbol.asyncDispose]();
  await gremlin[Symbol.asyncDispose]();
});

describe('arcadedb_query against a server speaking the documented HTTP API', () => {
  it('reads through the idempotent query endpoint, parameters sent apart from the text', async () => {
    const hostile = "Ada' OR 1=1 --";
    const result = await callTool(createArcadeDbQueryTool(settings), await emptyFileSystem(), {
      connection: 'graph',
      query: 'SELECT FROM Person WHERE name = :name',
      parameters: { name: hostile },
    });
    expect(result.output).toBe('result\n(0 rows)');
    const sent = arcade.requests.at(-1);
    expect(sent?.path).toBe('/api/v1/query/shop');
    expect(sent?.body).toEqual({
      language: 'sql',
      command: 'SELECT FROM Person WHERE name = :name',
      params: { name: hostile },
    });
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`root:${password}`).toString('base64')}`);
    const ada = await callTool(createArcadeDbQueryTool(settings), await emptyFileSystem(), {
      connection: 'graph',
      query: 'SELECT FROM Person WHERE name = :name',
      parameters: { name: 'Ada' },
    });
    expect(ada.output).toBe('@rid | @type | name | age\n#1:0 | Person | Ada | 20\n(1 row)');
  });

  it('has the server refuse a write on a read-only connection, and sends writes to the command endpoint when allowed', async () => {
    const tool = createArcadeDbQueryTool(settings);
    expect(tool.access).toBe('Execute');
    const refused = await callTool(tool, await emptyFileSystem(), {
      connection: 'graph',
      query: 'INSERT INTO Person SET name = :name',
      parameters: { name: 'Eve' },
    });
    expect(refused.outcome).toBe('Failure');
    expect(refused.output).toMatch(/not idempotent/);
    expect(refused.output).toContain('Svc:Tools:Database:Connections:graph:AllowWrites');
    const written = await callTool(tool, await emptyFileSystem(), {
      connection: 'graphWriter',
      query: 'INSERT INTO Person SET name = :name',
      parameters: { name: 'Eve' },
    });
    expect(written.outcome).toBe('Success');
    expect(arcade.requests.at(-1)?.path).toBe('/api/v1/command/shop');
  });

  it('cuts the records to MaxRows and says how many there were', async () => {
    const result = await callTool(createArcadeDbQueryTool(settings), await emptyFileSystem(), {
      connection: 'graph',
      query: 'SELECT FROM Person',
    });
    expect(result.output.split('\n')).toHaveLength(7);
    expect(result.output).toMatch(/\(first 5 of 3\d rows; the other 2\d were cut/);
  });

  it('gives up at the time limit', async () => {
    const result = await callTool(createArcadeDbQueryTool(settings), await emptyFileSystem(), {
      connection: 'graphQuick',
      query: 'SELECT sleep(10)',
    });
    expect(result.output).toMatch(/ran longer than 1 s and was stopped/);
  });

  it('never shows the password, also when the server refuses it', async () => {
    const logs = captureLogger();
    const tool = createArcadeDbQueryTool(settings, { logger: logs.logger });
    const result = await callTool(tool, await emptyFileSystem(), {
      connection: 'graphWrongPassword',
      query: 'SELECT FROM Person',
    });
    expect(result.output).toMatch(/Authentication error/);
    for (const text of [result.output, tool.description, logs.text()]) expect(text).not.toContain(password);
  });

  it('refuses a connection string that is not an http address, without quoting it', () => {
    const build = () =>
      createArcadeDbQueryTool({
        Connections: { bad: { Kind: 'arcadedb', ConnectionString: `ftp://root:${password}@host`, Database: 'x' } },
      });
    expect(build).toThrow(DatabaseToolError);
    try {
      build();
    } catch (error) {
      expect((error as DatabaseToolError).code).toBe('DATABASE_CONNECTION_STRING_INVALID');
      expect((error as Error).message).not.toContain(password);
    }
  });

  it('refuses parameter names the server binds itself', () => {
    const parsed = createArcadeDbQueryTool(settings).inputSchema.safeParse({
      connection: 'graph',
      query: 'x',
      parameters: { g: 1 },
    });
    expect(parsed.success).toBe(false);
  });
});

describe('janusgraph_query against a server speaking the Gremlin Server HTTP contract', () => {
  it('sends the traversal with ReadOnlyStrategy, the bindings and the traversal source alias', async () => {
    const tool = createJanusGraphQueryTool(settings);
    const result = await callTool(tool, await emptyFileSystem(), {
      connection: 'janus',
      query: 'g.V().has("name", who).valueMap()',
      parameters: { who: "x'); g.V().drop(); ('" },
    });
    expect(result.output).toBe("name | age\nx'); g.V().drop(); (' | 36\nBrian | 41\n(2 rows)");
    const sent = gremlin.requests.at(-1)?.body;
    expect(sent).toEqual({
      gremlin: `${readOnlyPrelude}g.V().has("name", who).valueMap()`,
      bindings: { who: "x'); g.V().drop(); ('" },
      language: 'gremlin-groovy',
      aliases: { g: 'g_read' },
    });
  });

  it('reports the server refusing a mutating traversal on a read-only connection, without its stack trace', async () => {
    const result = await callTool(createJanusGraphQueryTool(settings), await emptyFileSystem(), {
      connection: 'janus',
      query: 'g.addV("person")',
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/mutating step and thus is not read only/);
    expect(result.output).toContain('Svc:Tools:Database:Connections:janus:AllowWrites');
    expect(result.output).not.toContain('SECRET_STACK_FRAME');
    const written = await callTool(createJanusGraphQueryTool(settings), await emptyFileSystem(), {
      connection: 'janusWriter',
      query: 'g.addV("person")',
    });
    expect(written.outcome).toBe('Success');
    expect(gremlin.requests.at(-1)?.body.gremlin).toBe('g.addV("person")');
  });
});

describe('graph_schema', () => {
  it('describes ArcadeDB types and JanusGraph labels through the read-only paths', async () => {
    const tool = createGraphSchemaTool(settings);
    expect(tool.access).toBe('Read');
    const files = await emptyFileSystem();
    const arcadeSchema = await callTool(tool, files, { connection: 'graphWriter' });
    expect(arcadeSchema.output).toBe(
      'name | type | properties\nPerson | vertex | name STRING, age INTEGER\nKnows | edge | ""\n(2 rows)',
    );
    expect(arcade.requests.at(-1)?.path).toBe('/api/v1/query/shop');
    const janusSchema = await callTool(tool, files, { connection: 'janusWriter' });
    expect(janusSchema.output).toBe(
      'Vertex labels: person, software\nEdge labels: knows\nProperty keys:\nname | dataType | cardinality\nname | String | SINGLE\n(1 row)',
    );
    expect(String(gremlin.requests.at(-1)?.body.gremlin)).toMatch(
      /^g = g\.withStrategies\(ReadOnlyStrategy\.instance\(\)\);\ndef schema/,
    );
  });
});
