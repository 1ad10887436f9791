import type { Configuration, MemoryProvider, OrkeonError, ServiceCollection } from '@orkeon/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AddSvcLanceDbOptions,
  addSvcLanceDb,
  type LanceDbMemoryErrorCode,
  type LanceDbMemoryProvider,
  type LanceDbMemoryProviderOptions,
  type LanceDbMemorySettings,
  type LanceDbMemorySettingsError,
  lanceDbMemoryErrorCodes,
} from '../src/index.js';

describe('the types @orkeon/memory-lancedb exports', () => {
  it('are what users write against', () => {
    expectTypeOf<LanceDbMemoryProvider>().toExtend<MemoryProvider>();
    expectTypeOf<LanceDbMemoryProvider>().toExtend<AsyncDisposable>();
    expectTypeOf<LanceDbMemoryProvider['hybridSearch']>().toEqualTypeOf<NonNullable<MemoryProvider['hybridSearch']>>();
    expectTypeOf<LanceDbMemoryProvider['createVectorIndex']>().returns.toEqualTypeOf<Promise<number>>();
    expectTypeOf(addSvcLanceDb).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcLanceDb).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcLanceDb).parameter(2).toEqualTypeOf<AddSvcLanceDbOptions | undefined>();
    expectTypeOf(addSvcLanceDb).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<LanceDbMemoryProviderOptions['uri']>().toEqualTypeOf<string>();
    expectTypeOf<LanceDbMemorySettings['Dimensions']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<LanceDbMemorySettings['Deployment']>().toEqualTypeOf<'cloud' | 'enterprise'>();
    expectTypeOf<LanceDbMemorySettings['IndexThreshold']>().toEqualTypeOf<number>();
    expectTypeOf<LanceDbMemorySettingsError>().toExtend<OrkeonError<LanceDbMemoryErrorCode>>();
    expectTypeOf<LanceDbMemoryErrorCode>().toEqualTypeOf<keyof typeof lanceDbMemoryErrorCodes>();
  });

  it('name every error code with what to do', () => {
    for (const [code, description] of Object.entries(lanceDbMemoryErrorCodes)) {
      expect(code).toMatch(/^LANCEDB_MEMORY_[A-Z_]+$/);
      expect(description.length).toBeGreaterThan(40);
    }
  });
});
