import { join } from 'node:path';
import { createMemoryItem } from '@orkeon/core';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it, vi } from 'vitest';
import { SqliteMemoryProvider } from '../src/index.js';

// As on a machine where the optional dependency is not installed.
vi.mock('node:module', async (original) => {
  const actual = await original<typeof import('node:module')>();
  return {
    ...actual,
    createRequire: (from: string | URL) => {
      const require = actual.createRequire(from);
      return Object.assign((id: string) => {
        if (id === 'usearch') throw new Error("Cannot find module 'usearch'");
        return require(id);
      }, require);
    },
  };
});

describe('SqliteMemoryProvider with vectorIndex hnsw and no usearch', () => {
  it('fails the search that would build the graph with an error that names the package and the setting', async () => {
    const folder = await createTemporaryDirectory('orkeon-sqlite-hnsw-missing-');
    try {
      await using memory = new SqliteMemoryProvider({
        path: join(folder.path, 'memory.db'),
        vectorIndex: 'hnsw',
        approximateFrom: 2,
      });
      await memory.storeWithEmbedding('a', createMemoryItem({ content: 'a' }), [1, 0]);
      expect((await memory.searchSimilar([1, 0]))[0]?.key).toBe('a');
      await memory.storeWithEmbedding('b', createMemoryItem({ content: 'b' }), [0, 1]);
      const failure = memory.searchSimilar([1, 0]);
      await expect(failure).rejects.toMatchObject({ code: 'SQLITE_MEMORY_INDEX_UNAVAILABLE' });
      await expect(failure).rejects.toThrow(/npm install usearch.*VectorIndex to "exact"/);
      // Nothing stored is lost: the memories read back.
      expect((await memory.get('b'))?.content).toBe('b');
    } finally {
      await folder.remove();
    }
  });
});
