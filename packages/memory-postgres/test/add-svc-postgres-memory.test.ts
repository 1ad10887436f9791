import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  type MemoryProvider,
  MemoryStoreFactoryService,
  ServiceCollection,
} from '@orkeon/core';
import { captureLogger, type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  addSvcPostgresMemory,
  type PostgresMemoryErrorCode,
  PostgresMemoryProvider,
  type PostgresMemoryProviderOptions,
  type PostgresMemorySettings,
  type postgresMemoryErrorCodes,
  postgresMemorySettings,
} from '../src/index.js';

const sections = [...coreSettingsSections, postgresMemorySettings];
const configurationOf = (settings: Record<string, unknown>) =>
  Configuration.fromObject(settings as Parameters<typeof Configuration.fromObject>[0], sections);
const postgresSettings = (values: Record<string, unknown>) => ({ Svc: { Memory: { Postgres: values } } });

let server: PostgresServer;

beforeAll(async () => {
  server = await startPostgresServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('addSvcPostgresMemory', () => {
  it('refuses the start without ConnectionString, naming the key and how to give it', () => {
    const services = new ServiceCollection();
    const refused = () => addSvcPostgresMemory(services, configurationOf({}));
    expect(refused).toThrow(ConfigurationError);
    expect(refused).toThrow(/'Svc:Memory:Postgres:ConnectionString' is required by the PostgreSQL memory store/);
    expect(services.has(MemoryStoreFactoryService)).toBe(false);
  });

  it('refuses a connection string it cannot use without quoting it, and settings out of range', () => {
    const password = 'Sup3r-Secret-pw';
    for (const connectionString of [`mysql://root:${password}@db/x`, `host=db password=${password}`]) {
      const refused = () =>
        addSvcPostgresMemory(
          new ServiceCollection(),
          configurationOf(postgresSettings({ ConnectionString: connectionString })),
        );
      expect(refused).toThrow(/Setting 'Svc:Memory:Postgres:ConnectionString' cannot be used/);
      expect(refused).toThrow(expect.objectContaining({ message: expect.not.stringContaining(password) }));
    }
    for (const bad of [{ Table: 'Memory-Items' }, { VectorIndex: 'ivfflat' }, { Dimensions: 0 }, { MaxConnections: 0 }])
      expect(() => configurationOf(postgresSettings({ ConnectionString: 'postgresql://db/x', ...bad }))).toThrow(
        ConfigurationError,
      );
  });

  it('is the postgres store of createRuntime: settings, registration, runtime.memory.get(), a write and a read, closed with the runtime', async () => {
    const configuration = configurationOf({
      Memory: { Provider: 'postgres' },
      ...postgresSettings({ ConnectionString: server.connectionString, Table: 'memory_of_runtime', Dimensions: 3 }),
    });
    const logs = captureLogger();
    const services = addSvcPostgresMemory(new ServiceCollection(), configuration);
    const runtime = await createRuntime({ services, configuration, logger: logs.logger });
    const memory = await runtime.memory.get();
    expect(memory).toBeInstanceOf(PostgresMemoryProvider);
    expect(await runtime.memory.get('pgvector')).toBe(memory);
    await memory.storeWithEmbedding('tea', createMemoryItem({ content: 'Ada drinks green tea.' }), [1, 0, 0]);
    expect((await memory.get('tea'))?.content).toBe('Ada drinks green tea.');
    expect((await memory.searchSimilar([1, 0.1, 0]))[0]?.key).toBe('tea');
    await expect(memory.storeWithEmbedding('flat', createMemoryItem({ content: 'flat' }), [1, 0])).rejects.toThrow(
      /2 dimensions, and table 'memory_of_runtime' holds vectors of 3/,
    );
    // The warning about the missing pgvector went through the runtime's logger, once.
    expect(logs.records().filter((record) => record.level === 40 && record.extension === 'vector')).toHaveLength(1);
    await runtime.dispose();
    await expect(memory.get('tea')).rejects.toMatchObject({ code: 'POSTGRES_MEMORY_CLOSED' });
    expect(logs.text()).not.toContain(server.connectionString);
  });

  it('a store that cannot start is not kept: the next use tries again', async () => {
    const configuration = configurationOf({
      Memory: { Provider: 'postgresql' },
      ...postgresSettings({ ConnectionString: `${server.connectionString}_missing_database` }),
    });
    const runtime = await createRuntime({
      services: addSvcPostgresMemory(new ServiceCollection(), configuration),
      configuration,
      logger: captureLogger().logger,
    });
    await expect(runtime.memory.get()).rejects.toMatchObject({
      code: 'POSTGRES_MEMORY_SETUP_FAILED',
      message: expect.stringContaining('database "postgres_missing_database" does not exist'),
    });
    await expect(runtime.memory.get()).rejects.toMatchObject({ code: 'POSTGRES_MEMORY_SETUP_FAILED' });
    await runtime.dispose();
  });

  it('types what users import', () => {
    expectTypeOf<PostgresMemoryProvider>().toMatchTypeOf<MemoryProvider>();
    expectTypeOf(addSvcPostgresMemory).parameters.toEqualTypeOf<[ServiceCollection, Configuration]>();
    expectTypeOf(addSvcPostgresMemory).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<PostgresMemorySettings>().toEqualTypeOf<{
      ConnectionString?: string | undefined;
      Table: string;
      Dimensions?: number | undefined;
      VectorIndex: 'hnsw' | 'none';
      MaxConnections: number;
    }>();
    expectTypeOf<PostgresMemoryProviderOptions['vectorIndex']>().toEqualTypeOf<'hnsw' | 'none' | undefined>();
    expectTypeOf<PostgresMemoryErrorCode>().toEqualTypeOf<keyof typeof postgresMemoryErrorCodes>();
  });
});
