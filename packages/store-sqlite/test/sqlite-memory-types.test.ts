import type { MemoryProvider, OrkeonError } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  defaultApproximateFrom,
  type SqliteMemoryIndexUnavailableError,
  type SqliteMemoryProvider,
  type SqliteMemoryProviderOptions,
  type SqliteMemoryVectorIndex,
  type SqliteStoreErrorCode,
} from '../src/index.js';

describe('the SQLite memory store types', () => {
  it('are what users import', () => {
    expectTypeOf<SqliteMemoryVectorIndex>().toEqualTypeOf<'exact' | 'hnsw'>();
    expectTypeOf<SqliteMemoryProviderOptions>()
      .toHaveProperty('vectorIndex')
      .toEqualTypeOf<SqliteMemoryVectorIndex | undefined>();
    expectTypeOf<SqliteMemoryProviderOptions>().toHaveProperty('approximateFrom').toEqualTypeOf<number | undefined>();
    expectTypeOf(defaultApproximateFrom).toEqualTypeOf<number>();
    expectTypeOf<SqliteMemoryProvider>().toExtend<MemoryProvider>();
    expectTypeOf<SqliteMemoryProvider['hasVectorIndex']>().returns.resolves.toEqualTypeOf<boolean>();
    expectTypeOf<SqliteMemoryIndexUnavailableError>().toExtend<OrkeonError<SqliteStoreErrorCode>>();
  });
});
