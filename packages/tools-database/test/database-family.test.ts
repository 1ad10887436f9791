import {
  Configuration,
  ConfigurationError,
  createRuntime,
  loadConfiguration,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger, createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  bindDatabaseSettings,
  type ConnectionKind,
  createDatabaseFamily,
  createPostgresQueryTool,
  type DatabaseConnectionSettings,
  DatabaseToolError,
  databaseCatalogue,
  databaseFamily,
  databaseSettings,
  type SqlQueryInput,
  toolsDatabaseErrorCodes,
} from '../src/index.js';
import { createSqliteFixture } from './database-fixture.js';

const configurationOf = (database: Record<string, unknown>) =>
  Configuration.fromObject({ Svc: { Tools: { Database: database } } } as never, [databaseSettings]);

describe('the database family', () => {
  it('lists every tool of the contract in its catalogue, without loading a driver', () => {
    expect(databaseFamily.name).toBe('database');
    expect(databaseCatalogue.map((entry) => entry.name)).toEqual([
      'relational_database_query',
      'postgres_query',
      'mysql_query',
      'mariadb_query',
      'sqlserver_query',
      'database_schema',
      'mongodb_query',
      'mongodb_schema',
      'arcadedb_query',
      'janusgraph_query',
      'graph_schema',
    ]);
    expect(databaseFamily.settingsSections.map((section) => section.path)).toEqual(['Svc:Tools:Database']);
  });

  it('builds only the tools its connections call for, each marked with the family', async () => {
    const none = await databaseFamily.createTools({
      configuration: configurationOf({}),
      logger: captureLogger().logger,
    });
    expect(none).toEqual([]);
    const logs = captureLogger();
    const tools = await databaseFamily.createTools({
      configuration: configurationOf({
        Connections: {
          shop: { Kind: 'sqlite', Path: '/data/shop.db' },
          crm: { Kind: 'mariadb', ConnectionString: 'mysql://agent:CrmPassw0rd@127.0.0.1:1/crm', AllowWrites: true },
        },
      }),
      logger: logs.logger,
    });
    expect(tools.map((tool) => [tool.name, tool.access])).toEqual([
      ['relational_database_query', 'Execute'],
      ['mariadb_query', 'Execute'],
      ['database_schema', 'Read'],
    ]);
    expect(tools.every((tool) => toolFamilyOf(tool) === 'database')).toBe(true);
    expect(logs.text()).toContain("Connection 'crm' allows writes");
    expect(logs.text()).not.toContain('CrmPassw0rd');
  });

  it('runs a tool through the real pipeline, and the permission gate sees writes as writes', async () => {
    await using fixture = await createSqliteFixture();
    const tools = await databaseFamily.createTools({
      configuration: configurationOf({
        Connections: {
          shop: { Kind: 'sqlite', Path: '/data/shop.db' },
          shopWritable: { Kind: 'sqlite', Path: '/data/shop.db', AllowWrites: true },
        },
      }),
      logger: captureLogger().logger,
    });
    const runtime = await createRuntime({
      tools,
      mounts: [`${fixture.data}:/data:rw`],
      logger: captureLogger().logger,
      permissionMode: 'plan',
    });
    try {
      const caller = { kind: 'host' as const };
      const schema = await runtime.pipeline.invoke({ tool: 'database_schema', input: { connection: 'shop' }, caller });
      expect(schema.outcome).toBe('Success');
      expect(schema.output).toContain('customers | table');
      const query = await runtime.pipeline.invoke({
        tool: 'relational_database_query',
        input: JSON.stringify({ connection: 'shop', statement: 'SELECT count(*) AS n FROM customers' }),
        caller,
      });
      expect(query.outcome).toBe('Denied');
      expect(query.output).toMatch(/plan mode allows only reads/);
      const allowed = await runtime.pipeline.invoke({
        tool: 'relational_database_query',
        input: {
          connection: 'shop',
          statement: 'SELECT count(*) AS n FROM customers WHERE name = ?',
          parameters: ['Ada'],
        },
        caller,
        permissionMode: 'bypassPermissions',
      });
      expect(allowed.output).toBe('n\n1\n(1 row)');
      const invalid = await runtime.pipeline.invoke({
        tool: 'relational_database_query',
        input: { connection: 'shop', statement: 'SELECT 1', parameters: [{ nested: true }] },
        caller,
        permissionMode: 'bypassPermissions',
      });
      expect(invalid.outcome).toBe('Failure');
      expect(invalid.output).toMatch(/Invalid arguments for tool 'relational_database_query'/);
    } finally {
      await runtime.dispose();
    }
  });

  it('reads connections from SVC_ environment variables, and a connection string from ConnectionStringEnvVar', async () => {
    await using empty = await createTemporaryDirectory('orkeon-settings-');
    const configuration = await loadConfiguration({
      sections: [databaseSettings],
      searchDirectories: [empty.path],
      environment: {
        SVC_Svc__Tools__Database__Connections__main__Kind: 'postgres',
        SVC_Svc__Tools__Database__Connections__main__ConnectionStringEnvVar: 'SHOP_DATABASE_URL',
        SVC_Svc__Tools__Database__Connections__main__MaxRows: '25',
      },
    });
    expect(configuration.get(databaseSettings).Connections.main?.MaxRows).toBe(25);
    const family = createDatabaseFamily({
      environment: { SHOP_DATABASE_URL: 'postgresql://reader:EnvPassw0rd@127.0.0.1:1/shop' },
    });
    const tools = await family.createTools({ configuration, logger: captureLogger().logger });
    expect(tools.map((tool) => tool.name)).toEqual(['relational_database_query', 'postgres_query', 'database_schema']);
    await expect(
      createDatabaseFamily({ environment: {} }).createTools({ configuration, logger: captureLogger().logger }),
    ).rejects.toThrow(
      /the environment variable SHOP_DATABASE_URL named by Svc:Tools:Database:Connections:main:ConnectionStringEnvVar is not set/,
    );
  });

  it('fails to build with a clear error naming the missing optional package', async () => {
    const missing = async (name: string) => {
      throw Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
    };
    for (const [kind, packageName] of [
      ['sqlserver', 'mssql'],
      ['mongodb', 'mongodb'],
    ] as const) {
      const family = createDatabaseFamily({ importPackage: missing });
      const configuration = configurationOf({
        Connections: { main: { Kind: kind, ConnectionString: 'Server=db;Password=HiddenPassw0rd' } },
      });
      const failure = await family
        .createTools({ configuration, logger: captureLogger().logger })
        .catch((error: unknown) => error);
      expect(DatabaseToolError.isInstance(failure)).toBe(true);
      expect((failure as DatabaseToolError).code).toBe('DATABASE_PACKAGE_MISSING');
      expect((failure as Error).message).toContain(`npm install ${packageName}`);
      expect((failure as Error).message).not.toContain('HiddenPassw0rd');
    }
  });

  it('judges settings at start, naming the key and what is allowed', () => {
    const problems = (database: Record<string, unknown>) => {
      try {
        configurationOf(database);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
    };
    expect(problems({ Connections: { main: { Kind: 'oracle', ConnectionString: 'x' } } })).toContain(
      'Svc:Tools:Database:Connections:main:Kind',
    );
    expect(problems({ Connections: { main: { Kind: 'sqlite' } } })).toMatch(/Connections:main:Path/);
    expect(problems({ Connections: { main: { Kind: 'postgres', MaxRows: 0 } } })).toMatch(/Connections:main:MaxRows/);
    expect(problems({ Connections: { main: { Kind: 'postgres', Timeout: 3 } } })).toMatch(/Connections:main:Timeout/);
    expect(problems({ Connections: { 'bad name!': { Kind: 'postgres' } } })).toMatch(
      /Connections:bad name!' .* is not allowed/,
    );
    expect(() =>
      bindDatabaseSettings({ Connections: { a: { Kind: 'arcadedb', ConnectionString: 'http://x' } } }),
    ).toThrow(/Database/);
    expect(() => createPostgresQueryTool({ Connections: { main: { Kind: 'postgres' } } })).toThrow(
      /has no connection string/,
    );
  });

  it('registers every error code with what happened and what to do', () => {
    for (const [code, text] of Object.entries(toolsDatabaseErrorCodes)) {
      expect(code).toMatch(/^DATABASE_[A-Z_]+$/);
      expect(text).toMatch(/: /);
    }
  });

  it('exports the types users build with', () => {
    expectTypeOf(databaseFamily).toEqualTypeOf<ToolFamily>();
    expectTypeOf(createPostgresQueryTool).returns.toEqualTypeOf<Tool<SqlQueryInput>>();
    expectTypeOf<DatabaseConnectionSettings['Kind']>().toEqualTypeOf<ConnectionKind>();
    expectTypeOf<SqlQueryInput['parameters']>().toEqualTypeOf<(string | number | boolean | null)[]>();
    expectTypeOf<SqlQueryInput['format']>().toEqualTypeOf<'table' | 'json'>();
  });
});
