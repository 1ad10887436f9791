import type { Configuration, EventHub, EventHubStage, Logger, ServiceCollection } from '@orkeon/core';
import type pg from 'pg';
import { describe, expectTypeOf, it } from 'vitest';
import {
  addSvcPostgresEventHub,
  type PostgresEventHub,
  type PostgresEventHubErrorCode,
  type PostgresEventHubOptions,
  type PostgresEventHubSettings,
} from '../src/index.js';

describe('the public API of @orkeon/event-hub-postgres', () => {
  it('registers from configuration and returns the collection, as the other addSvc… calls', () => {
    expectTypeOf(addSvcPostgresEventHub).parameters.toEqualTypeOf<[ServiceCollection, Configuration]>();
    expectTypeOf(addSvcPostgresEventHub).returns.toEqualTypeOf<ServiceCollection>();
  });

  it('is an EventHub that can be disposed, opened from a connection string or a pool', () => {
    expectTypeOf<PostgresEventHub>().toExtend<EventHub>();
    expectTypeOf<PostgresEventHub>().toExtend<AsyncDisposable>();
    expectTypeOf<PostgresEventHub['ready']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<PostgresEventHubOptions['connectionString']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PostgresEventHubOptions['pool']>().toEqualTypeOf<pg.Pool | undefined>();
    expectTypeOf<PostgresEventHubOptions['stages']>().toEqualTypeOf<readonly EventHubStage[] | undefined>();
    expectTypeOf<PostgresEventHubOptions['logger']>().toEqualTypeOf<Logger | undefined>();
  });

  it('names its settings and error codes', () => {
    expectTypeOf<PostgresEventHubSettings['SchemaName']>().toEqualTypeOf<string>();
    expectTypeOf<PostgresEventHubSettings['ConnectionString']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PostgresEventHubErrorCode>().toEqualTypeOf<
      | 'EVENT_HUB_POSTGRES_OPTIONS_INVALID'
      | 'EVENT_HUB_POSTGRES_SETUP_FAILED'
      | 'EVENT_HUB_POSTGRES_SCHEMA_TOO_NEW'
      | 'EVENT_HUB_POSTGRES_CLOSED'
    >();
  });
});
