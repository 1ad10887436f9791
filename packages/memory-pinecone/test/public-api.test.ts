import {
  type Configuration,
  isMemoryStorePackage,
  type MemoryProvider,
  OrkeonError,
  type SectionSettings,
  type ServiceCollection,
} from '@orkeon/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  addSvcPineconeMemory,
  memoryStorePackage,
  PineconeMemoryClosedError,
  type PineconeMemoryErrorCode,
  PineconeMemoryIndexError,
  PineconeMemoryIndexNotFoundError,
  PineconeMemoryItemTooLargeError,
  PineconeMemoryOptionsError,
  PineconeMemoryProvider,
  type PineconeMemoryProviderOptions,
  PineconeMemoryRecordError,
  PineconeMemoryRequestError,
  type PineconeMemorySettings,
  PineconeMemoryUnavailableError,
  PineconeMemoryWordSearchError,
  pineconeMemoryErrorCodes,
  pineconeMemorySettings,
} from '../src/index.js';

describe('the public API of @orkeon/memory-pinecone', () => {
  it('types what users import', () => {
    expectTypeOf(addSvcPineconeMemory).toEqualTypeOf<
      (services: ServiceCollection, configuration: Configuration) => ServiceCollection
    >();
    expectTypeOf(PineconeMemoryProvider.open).parameter(0).toEqualTypeOf<PineconeMemoryProviderOptions>();
    expectTypeOf(PineconeMemoryProvider.open).returns.toEqualTypeOf<Promise<PineconeMemoryProvider>>();
    expectTypeOf<PineconeMemoryProvider>().toExtend<MemoryProvider & AsyncDisposable>();
    expectTypeOf<PineconeMemoryProviderOptions['apiKey']>().toEqualTypeOf<string>();
    expectTypeOf<PineconeMemorySettings>().toEqualTypeOf<SectionSettings<typeof pineconeMemorySettings>>();
    expectTypeOf<PineconeMemorySettings['ApiKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PineconeMemorySettings['IndexName']>().toEqualTypeOf<string>();
    expectTypeOf<PineconeMemorySettings['WordSearchMaxRecords']>().toEqualTypeOf<number>();
    expectTypeOf<PineconeMemoryErrorCode>().toEqualTypeOf<keyof typeof pineconeMemoryErrorCodes>();
    expectTypeOf(new PineconeMemoryOptionsError('x').code).toEqualTypeOf<PineconeMemoryErrorCode>();
  });

  it('offers itself to hosts that load stores by type, as memoryStorePackage', () => {
    expect(isMemoryStorePackage(memoryStorePackage)).toBe(true);
    expect(memoryStorePackage.type).toBe('pinecone');
    expect(memoryStorePackage.settingsSections).toEqual([pineconeMemorySettings]);
    expect(memoryStorePackage.register).toBe(addSvcPineconeMemory);
  });

  it('registers every code its errors carry, and they are Orkeon errors', () => {
    const errors = [
      new PineconeMemoryOptionsError('x'),
      new PineconeMemoryUnavailableError('h', 'read', 'down', undefined),
      new PineconeMemoryIndexNotFoundError('i', undefined),
      new PineconeMemoryIndexError('i', 'no'),
      new PineconeMemoryRequestError('h', 'read', 'no', undefined),
      new PineconeMemoryRecordError('k', 'n'),
      new PineconeMemoryItemTooLargeError('k', 50_000, 40_960),
      new PineconeMemoryWordSearchError('n', 10),
      new PineconeMemoryClosedError('i', 'n'),
    ];
    for (const error of errors) {
      expect(pineconeMemoryErrorCodes).toHaveProperty(error.code);
      expect(OrkeonError.isInstance(error)).toBe(true);
    }
    expect(new Set(errors.map((error) => error.code)).size).toBe(Object.keys(pineconeMemoryErrorCodes).length);
    expect(pineconeMemorySettings.path).toBe('Svc:Memory:Pinecone');
    expect(Object.keys(pineconeMemorySettings.jsonSchema.properties ?? {})).toEqual([
      'ApiKey',
      'Host',
      'IndexName',
      'Namespace',
      'ControllerHost',
      'WordSearchMaxRecords',
    ]);
    for (const property of Object.values(pineconeMemorySettings.jsonSchema.properties ?? {}))
      expect(property.description).toBeTruthy();
  });
});
