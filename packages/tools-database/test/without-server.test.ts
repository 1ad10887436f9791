import { EventEmitter } from 'node:events';
import { captureLogger } from '@orkeon/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMongoDbQueryTool,
  createMongoDbSchemaTool,
  createSqlServerQueryTool,
  type DatabaseSettingsInput,
  scrubSecrets,
  secretsOfConnectionString,
} from '../src/index.js';
import { callTool, emptyFileSystem } from './database-fixture.js';

const mongoPassword = 'M0ngo-Secret-Pass';
// Port 1 on loopback refuses connections: every call that reaches the driver fails fast.
const mongoSettings: DatabaseSettingsInput = {
  Connections: {
    docs: {
      Kind: 'mongodb',
      ConnectionString: `mongodb://reader:${mongoPassword}@127.0.0.1:1/shop`,
      TimeoutSeconds: 1,
    },
  },
};

describe('mongodb_query (no MongoDB server runs here: checks before the server, and the driver failing cleanly)', () => {
  it('offers only the read operations when every connection is read-only', () => {
    const tool = createMongoDbQueryTool(mongoSettings);
    expect(tool.access).toBe('Read');
    expect(
      tool.inputSchema.safeParse({ connection: 'docs', collection: 'orders', operation: 'insert_one', document: {} })
        .success,
    ).toBe(false);
    expect(tool.inputSchema.safeParse({ connection: 'docs', collection: 'orders', operation: 'find' }).success).toBe(
      true,
    );
    expect(tool.description).toContain('find, aggregate, count, distinct');
    expect(tool.description).not.toContain('insert_one');
  });

  it('refuses writes on the read-only connection of a tool that also reaches a writable one, before connecting', async () => {
    const tool = createMongoDbQueryTool({
      Connections: {
        ...mongoSettings.Connections,
        writer: { Kind: 'mongodb', ConnectionString: 'mongodb://127.0.0.1:1/shop', AllowWrites: true },
      },
    });
    expect(tool.access).toBe('Execute');
    const files = await emptyFileSystem();
    const insert = await callTool(tool, files, {
      connection: 'docs',
      collection: 'orders',
      operation: 'insert_one',
      document: { a: 1 },
    });
    expect(insert.outcome).toBe('Denied');
    expect(insert.output).toMatch(/Connection 'docs' is read-only: insert_one is not offered/);
    for (const stage of ['$out', '$merge']) {
      const aggregate = await callTool(tool, files, {
        connection: 'docs',
        collection: 'orders',
        operation: 'aggregate',
        pipeline: [{ $match: {} }, { [stage]: 'copy' }],
      });
      expect(aggregate.outcome, stage).toBe('Denied');
      expect(aggregate.output).toContain(`the aggregation stage ${stage} writes`);
    }
    const missing = await callTool(tool, files, {
      connection: 'writer',
      collection: 'orders',
      operation: 'delete_many',
    });
    expect(missing.output).toBe('Error: The operation delete_many needs `filter`.');
    const system = await callTool(tool, files, { connection: 'docs', collection: 'system.users' });
    expect(system.output).toMatch(/belong to the server/);
  });

  it('reports an unreachable server through the real driver without the connection string', async () => {
    const logs = captureLogger();
    const result = await callTool(
      createMongoDbQueryTool(mongoSettings, { logger: logs.logger }),
      await emptyFileSystem(),
      {
        connection: 'docs',
        collection: 'orders',
        filter: { status: 'open' },
      },
    );
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/^Error: MongoDB did not run the statement on connection 'docs'/);
    for (const text of [result.output, logs.text()]) {
      expect(text).not.toContain(mongoPassword);
      expect(text).not.toContain('mongodb://');
    }
    const schema = await callTool(createMongoDbSchemaTool(mongoSettings), await emptyFileSystem(), {
      connection: 'docs',
      collection: 'a$b',
    });
    expect(schema.output).toMatch(/must not contain '\$'/);
  }, 20_000);
});

/** A stand-in for the `mssql` package that records what the driver asked of it. */
function recordingMssql(options: { transactionCount: number }) {
  const log: {
    config?: Record<string, unknown>;
    begun: boolean;
    rolledBack: boolean;
    committed: boolean;
    queries: { text: string; inputs: Record<string, unknown> }[];
  } = {
    begun: false,
    rolledBack: false,
    committed: false,
    queries: [],
  };
  class ConnectionPool {
    static parseConnectionString() {
      return { server: 'db.example', user: 'reader', password: 'SqlPassw0rd', options: {}, pool: {} };
    }
    constructor(config: Record<string, unknown>) {
      log.config = config;
    }
    async connect() {
      return this;
    }
    async close() {}
  }
  class Transaction {
    async begin() {
      log.begun = true;
      return this;
    }
    async rollback() {
      log.rolledBack = true;
    }
    async commit() {
      log.committed = true;
    }
  }
  class Request extends EventEmitter {
    stream = false;
    arrayRowMode = false;
    readonly inputs: Record<string, unknown> = {};
    input(name: string, value: unknown) {
      this.inputs[name] = value;
      return this;
    }
    cancel() {}
    query(text: string) {
      log.queries.push({ text, inputs: this.inputs });
      if (text.includes('@@TRANCOUNT')) return Promise.resolve({ recordset: [[options.transactionCount]] });
      setImmediate(() => {
        this.emit('recordset', [{ name: 'id' }, { name: 'name' }]);
        this.emit('row', [1, 'Ada']);
        this.emit('done', {});
      });
      return Promise.resolve({});
    }
  }
  const module = { ConnectionPool, Transaction, Request, ISOLATION_LEVEL: { READ_COMMITTED: 2 } };
  return { log, importPackage: async () => ({ default: module }) };
}

describe('sqlserver_query (no SQL Server runs here: the driver calls are checked against mssql’s documented API)', () => {
  const settings: DatabaseSettingsInput = {
    Connections: {
      erp: { Kind: 'sqlserver', ConnectionString: 'Server=db.example;User Id=reader;Password=SqlPassw0rd' },
    },
  };

  it('asks for read-only intent, binds @p1.. and always rolls the transaction back', async () => {
    const fake = recordingMssql({ transactionCount: 1 });
    const tool = createSqlServerQueryTool(settings, { importPackage: fake.importPackage });
    const result = await callTool(tool, await emptyFileSystem(), {
      connection: 'erp',
      statement: 'SELECT id, name FROM customers WHERE name = @p1',
      parameters: ["'; DROP TABLE customers; --"],
    });
    expect(result.output).toBe('id | name\n1 | Ada\n(1 row)');
    expect(fake.log.config?.options).toMatchObject({ readOnlyIntent: true });
    expect(fake.log.begun).toBe(true);
    expect(fake.log.rolledBack).toBe(true);
    expect(fake.log.committed).toBe(false);
    expect(fake.log.queries[0]).toEqual({
      text: 'SELECT id, name FROM customers WHERE name = @p1',
      inputs: { p1: "'; DROP TABLE customers; --" },
    });
  });

  it('fails the call when the statement ended the read-only transaction itself', async () => {
    const fake = recordingMssql({ transactionCount: 0 });
    const result = await callTool(
      createSqlServerQueryTool(settings, { importPackage: fake.importPackage }),
      await emptyFileSystem(),
      {
        connection: 'erp',
        statement: 'INSERT INTO t VALUES (1); COMMIT',
      },
    );
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/ended the read-only transaction/);
    expect(result.output).not.toContain('SqlPassw0rd');
  });

  it('answers a call with the missing-package error when mssql is not installed', async () => {
    const tool = createSqlServerQueryTool(settings, {
      importPackage: async () => {
        throw Object.assign(new Error("Cannot find package 'mssql'"), { code: 'ERR_MODULE_NOT_FOUND' });
      },
    });
    const result = await callTool(tool, await emptyFileSystem(), { connection: 'erp', statement: 'SELECT 1' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain("need the package 'mssql'");
  });
});

describe('connection-string secrets (property)', () => {
  it('scrubs the password of any URL connection string, as written and decoded, from any message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 40 }), fc.string({ maxLength: 40 }), (password, noise) => {
        const encoded = encodeURIComponent(password);
        const connectionString = `postgresql://user:${encoded}@db.example:5432/shop`;
        const secrets = secretsOfConnectionString(connectionString);
        const message = `${noise} failed for ${connectionString} (password ${password}, encoded ${encoded}) ${noise}`;
        const scrubbed = scrubSecrets(message, secrets);
        expect(scrubbed).not.toContain(connectionString);
        expect(scrubbed.includes(password) && !noise.includes(password) && !'[REDACTED]'.includes(password)).toBe(
          false,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('finds the password of a key-value connection string', () => {
    expect(secretsOfConnectionString('Server=db;User Id=sa;Password="p;w=rd!";Encrypt=true')).toContain('p;w=rd!');
    expect(secretsOfConnectionString('Server=db;PWD=Hunter22;')).toContain('Hunter22');
  });
});
