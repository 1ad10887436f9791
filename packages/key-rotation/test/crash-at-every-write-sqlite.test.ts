import { join } from 'node:path';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashAtEveryWrite } from './crash-at-every-write.js';

let folder: TemporaryDirectory;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
});
afterAll(async () => {
  await folder?.remove();
});

const fileOf = (attempt: number) => join(folder.path, `memory-${attempt}.db`);

describe('key rotation on SQLite, killed at every write', () => {
  it('resumes from each kill with nothing lost, nothing sealed twice, no staged copy left, the marker completed', async () => {
    const writes = await crashAtEveryWrite({
      open: async (attempt) => new SqliteMemoryProvider({ path: fileOf(attempt) }),
      childEnvironment: (attempt) => ({ ROTATION_STORE: 'sqlite', ROTATION_TARGET: fileOf(attempt) }),
    });
    // Markers, three batches of copies, three swaps and three deletes: every phase is cut somewhere.
    expect(writes).toBe(12);
  }, 120_000);
});
