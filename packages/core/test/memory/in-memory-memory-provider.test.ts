import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { cosineSimilarity } from '../../src/memory/cosine-similarity.js';
import { InMemoryMemoryProvider } from '../../src/memory/in-memory-memory-provider.js';
import type { MemoryItem } from '../../src/memory/memory-item.js';
import { createMemoryItem } from '../../src/memory/memory-items.js';
import type { MemoryProvider } from '../../src/memory/memory-provider.js';

const { describe, expect, expectTypeOf, it } = vitest;

describeMemoryProviderConformance(vitest, 'InMemoryMemoryProvider', async () => ({
  provider: new InMemoryMemoryProvider(),
  dispose: async () => undefined,
}));

describe('memory items', () => {
  it('get the defaults of the brief, and say what to fix', () => {
    const item = createMemoryItem({ content: 'Ada is allergic to nuts.' }, new Date('2026-01-01T00:00:00Z'));
    expect(item).toMatchObject({
      type: 'longTerm',
      importance: 0.5,
      metadata: { createdAt: '2026-01-01T00:00:00.000Z', source: 'unknown', tags: [], accessCount: 0 },
    });
    expect(() => createMemoryItem({ content: 'x', importance: -1 })).toThrow('give a number from 0 to 1');
    expect(() => createMemoryItem({ content: 'x', type: 'forever' as never })).toThrow(
      'use one of shortTerm, longTerm, episodic, entity, procedural',
    );
  });

  it('compare by cosine similarity', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity(new Float32Array([1, 1]), [2, 2])).toBeCloseTo(1);
  });

  it('types what users import', () => {
    expectTypeOf<InMemoryMemoryProvider>().toMatchTypeOf<MemoryProvider>();
    expectTypeOf(createMemoryItem).returns.toEqualTypeOf<MemoryItem>();
    expectTypeOf<MemoryItem['type']>().toEqualTypeOf<'shortTerm' | 'longTerm' | 'episodic' | 'entity' | 'procedural'>();
  });
});
