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
  addSvcChromaMemory,
  type ChromaAuthHeader,
  ChromaMemoryClosedError,
  ChromaMemoryCollectionError,
  type ChromaMemoryErrorCode,
  ChromaMemoryOptionsError,
  ChromaMemoryProvider,
  type ChromaMemoryProviderOptions,
  ChromaMemoryRecordError,
  ChromaMemoryRequestError,
  type ChromaMemorySettings,
  ChromaMemoryUnavailableError,
  chromaMemoryErrorCodes,
  chromaMemorySettings,
  memoryStorePackage,
} from '../src/index.js';

describe('the public API of @orkeon/memory-chroma', () => {
  it('types what users import', () => {
    expectTypeOf(addSvcChromaMemory).toEqualTypeOf<
      (services: ServiceCollection, configuration: Configuration) => ServiceCollection
    >();
    expectTypeOf(ChromaMemoryProvider.open).returns.toEqualTypeOf<Promise<ChromaMemoryProvider>>();
    expectTypeOf<ChromaMemoryProvider>().toExtend<MemoryProvider & AsyncDisposable>();
    expectTypeOf<ChromaMemoryProviderOptions['authHeader']>().toEqualTypeOf<ChromaAuthHeader | undefined>();
    expectTypeOf<ChromaMemorySettings>().toEqualTypeOf<SectionSettings<typeof chromaMemorySettings>>();
    expectTypeOf<ChromaMemorySettings['Url']>().toEqualTypeOf<string>();
    expectTypeOf<ChromaMemorySettings['AuthToken']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ChromaMemorySettings['WordSearchMaxCandidates']>().toEqualTypeOf<number>();
    expectTypeOf<ChromaMemoryErrorCode>().toEqualTypeOf<keyof typeof chromaMemoryErrorCodes>();
    expectTypeOf(new ChromaMemoryOptionsError('x').code).toEqualTypeOf<ChromaMemoryErrorCode>();
  });

  it('offers itself to hosts that load stores by type, as memoryStorePackage', () => {
    expect(isMemoryStorePackage(memoryStorePackage)).toBe(true);
    expect(memoryStorePackage.type).toBe('chromadb');
    expect(memoryStorePackage.settingsSections).toEqual([chromaMemorySettings]);
    expect(memoryStorePackage.register).toBe(addSvcChromaMemory);
  });

  it('registers every code its errors carry, and they are Orkeon errors', () => {
    const errors = [
      new ChromaMemoryOptionsError('x'),
      new ChromaMemoryUnavailableError('http://h:1', 'read', 'down', undefined),
      new ChromaMemoryRequestError('http://h:1', 'read', 'no', undefined),
      new ChromaMemoryCollectionError('http://h:1', 'c', 'l2'),
      new ChromaMemoryRecordError('k', 'c'),
      new ChromaMemoryClosedError('http://h:1', 'c'),
    ];
    for (const error of errors) {
      expect(chromaMemoryErrorCodes).toHaveProperty(error.code);
      expect(OrkeonError.isInstance(error)).toBe(true);
    }
    expect(new Set(errors.map((error) => error.code)).size).toBe(Object.keys(chromaMemoryErrorCodes).length);
    expect(chromaMemorySettings.path).toBe('Svc:Memory:ChromaDb');
    expect(Object.keys(chromaMemorySettings.jsonSchema.properties ?? {})).toEqual([
      'Url',
      'Tenant',
      'Database',
      'Collection',
      'AuthToken',
      'AuthHeader',
      'WordSearchMaxCandidates',
    ]);
    for (const property of Object.values(chromaMemorySettings.jsonSchema.properties ?? {}))
      expect(property.description).toBeTruthy();
  });
});
