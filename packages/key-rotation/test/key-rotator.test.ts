import {
  AesGcmEncryptionProvider,
  createMemoryItem,
  EncryptedMemoryProvider,
  FileSecretStore,
  InMemoryMemoryProvider,
  type MemoryProvider,
} from '@orkeon/core';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  KeyRotationError,
  type KeyRotationProgress,
  KeyRotator,
  readRotationState,
  rotationStateKey,
  stagingSuffix,
} from '../src/index.js';
import { expectNothingLost, expectRotated } from './rotation-expectations.js';
import { allEntries, CountingStore, newProvider, oldProvider, seed, seededEntries } from './rotation-scenario.js';

const clock = () => new Date('2026-03-01T12:00:00Z');

async function seededStore(): Promise<InMemoryMemoryProvider> {
  const store = new InMemoryMemoryProvider();
  await seed(store);
  return store;
}

/** Fails write number `at` (counted from the first write of the rotation) with `reason`. */
function failingAt(inner: MemoryProvider, at: number, reason = 'disk full'): CountingStore {
  return new CountingStore(inner, at, () => {
    throw new Error(reason);
  });
}

const staged = (entries: Map<string, unknown>) => [...entries.keys()].filter((key) => key.endsWith(stagingSuffix));

describe('KeyRotator.rotate', () => {
  it('re-encrypts every entry under the old key, records the version and the phases, and reports what it did', async () => {
    const store = await seededStore();
    const progress: KeyRotationProgress[] = [];
    const result = await new KeyRotator({ clock }).rotate(store, oldProvider(), newProvider(), {
      batchSize: 2,
      onProgress: (step) => progress.push(step),
    });
    expect(result).toMatchObject({
      totalEntries: 5,
      rotatedEntries: 3,
      alreadyRotatedEntries: 1,
      unreadableEntries: 0,
      plaintextEntries: 1,
      newKeyVersion: '2',
      errors: [],
      resumed: false,
    });
    expect(result.durationMilliseconds).toBeGreaterThan(0);
    await expectRotated(store);
    expect(await readRotationState(store)).toEqual({
      phase: 'completed',
      key_version: '2',
      started_at_utc: '2026-03-01T12:00:00.000Z',
      completed_at_utc: '2026-03-01T12:00:00.000Z',
    });
    expect(progress.at(-1)).toEqual({ phase: 'committing', entriesRead: 5, entriesRotated: 3 });
    expect(progress.some((step) => step.phase === 'staging' && step.entriesRotated === 3)).toBe(true);
    // Through the decorator with the new key, the memories read as they were written.
    const reader = new EncryptedMemoryProvider(store, newProvider());
    for (const entry of seededEntries) expect((await reader.get(entry.key))?.content).toBe(entry.content);
  });

  it('changes nothing the second time: which key opens an entry tells that it is rotated', async () => {
    const store = await seededStore();
    await new KeyRotator().rotate(store, oldProvider(), newProvider());
    const before = await allEntries(store);
    const again = await new KeyRotator().rotate(store, oldProvider(), newProvider());
    expect(again).toMatchObject({ totalEntries: 5, rotatedEntries: 0, alreadyRotatedEntries: 4, plaintextEntries: 1 });
    const after = await allEntries(store);
    for (const entry of seededEntries) expect(after.get(entry.key)?.content).toBe(before.get(entry.key)?.content);
  });

  it('records newKeyVersion when given, and refuses options out of range', async () => {
    const store = await seededStore();
    const result = await new KeyRotator().rotate(store, oldProvider(), newProvider(), { newKeyVersion: '2026-03' });
    expect(result.newKeyVersion).toBe('2026-03');
    expect((await store.get('alpha'))?.content.startsWith('orkeon-enc:v1:2026-03:')).toBe(true);
    expect((await store.get('alpha'))?.metadata.customProperties['orkeon-key-version']).toBe('2026-03');
    for (const options of [{ batchSize: 0 }, { batchSize: 2.5 }, { batchSize: 10_001 }, { newKeyVersion: 'a:b' }])
      await expect(new KeyRotator().rotate(store, oldProvider(), newProvider(), options)).rejects.toMatchObject({
        code: 'KEY_ROTATION_OPTIONS_INVALID',
      });
  });

  it('rolls back a failure in staging: no staged copy is left and every entry still opens with the old key', async () => {
    const store = await seededStore();
    const before = await allEntries(store);
    // Write 1 is the marker, 2 the first batch of copies, 3 the second.
    const failure = await new KeyRotator()
      .rotate(failingAt(store, 3), oldProvider(), newProvider(), { batchSize: 2 })
      .catch((error: unknown) => error);
    expect(KeyRotationError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'KEY_ROTATION_STAGING_FAILED',
      affectedKeys: ['charlie'],
      message: expect.stringContaining('disk full'),
    });
    expect((failure as Error).message).toContain('every entry is still readable with the old key');
    const after = await allEntries(store);
    expect(staged(after)).toEqual([]);
    for (const entry of seededEntries) expect(after.get(entry.key)).toEqual(before.get(entry.key));
    expect(await readRotationState(store)).toMatchObject({ phase: 'rolled_back', key_version: '2' });
    const reader = new EncryptedMemoryProvider(store, oldProvider());
    for (const entry of seededEntries.filter((seeded) => seeded.sealedWith !== 'new'))
      expect((await reader.get(entry.key))?.content).toBe(entry.content);
    // And a later rotation completes.
    await new KeyRotator().rotate(store, oldProvider(), newProvider(), { batchSize: 2 });
    await expectRotated(store);
  });

  it('resumes a failure in the swap phase when called again with the same providers: nothing lost, nothing sealed twice', async () => {
    const store = await seededStore();
    const counted = new CountingStore(store);
    await new KeyRotator().rotate(counted, oldProvider(), newProvider(), { batchSize: 2 });
    const writes = counted.writes;
    // Each write of the swap phase in turn: the marker `committing` is write 5 (after the marker and three batches).
    for (let at = 6; at <= writes; at++) {
      const fresh = await seededStore();
      const failure = await new KeyRotator()
        .rotate(failingAt(fresh, at, 'connection reset'), oldProvider(), newProvider(), { batchSize: 2 })
        .catch((error: unknown) => error);
      expect(failure, `write ${at}`).toMatchObject({ code: 'KEY_ROTATION_SWAP_FAILED' });
      expect((failure as Error).message).toContain('connection reset');
      expect(await readRotationState(fresh)).toMatchObject({ phase: 'committing' });
      await expectNothingLost(fresh);
      const resumed = await new KeyRotator().rotate(fresh, oldProvider(), newProvider(), { batchSize: 2 });
      expect(resumed).toMatchObject({ resumed: true, totalEntries: 5, plaintextEntries: 1, unreadableEntries: 0 });
      expect(resumed.rotatedEntries + resumed.alreadyRotatedEntries).toBe(4);
      await expectRotated(fresh);
    }
  });

  it('refuses to resume a swap with other providers, and replaces nothing', async () => {
    const store = await seededStore();
    await new KeyRotator()
      .rotate(failingAt(store, 7), oldProvider(), newProvider(), { batchSize: 2 })
      .catch(() => undefined);
    expect(await readRotationState(store)).toMatchObject({ phase: 'committing', key_version: '2' });
    const before = await allEntries(store);
    const otherKey = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 1), keyVersion: '2' });
    await expect(new KeyRotator().rotate(store, oldProvider(), otherKey)).rejects.toMatchObject({
      code: 'KEY_ROTATION_RESUME_MISMATCH',
    });
    const otherVersion = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 9), keyVersion: '3' });
    await expect(new KeyRotator().rotate(store, oldProvider(), otherVersion)).rejects.toMatchObject({
      code: 'KEY_ROTATION_RESUME_MISMATCH',
      message: expect.stringContaining("key version '2'"),
    });
    expect(await allEntries(store)).toEqual(before);
    await new KeyRotator().rotate(store, oldProvider(), newProvider());
    await expectRotated(store);
  });

  it('fails on an entry neither key opens and rolls back, unless asked to continue; then leaves it and lists it', async () => {
    const store = await seededStore();
    const stranger = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 3), keyVersion: '1' });
    await new EncryptedMemoryProvider(store, stranger).store('foxtrot', createMemoryItem({ content: 'lost key' }));
    const before = await allEntries(store);
    const failure = await new KeyRotator()
      .rotate(store, oldProvider(), newProvider(), { batchSize: 2 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'KEY_ROTATION_ENTRIES_UNREADABLE', affectedKeys: ['foxtrot'] });
    expect((failure as Error).message).toContain("'foxtrot'");
    expect(await allEntries(store)).toEqual(new Map([...before, [rotationStateKey, expect.anything()]]));
    expect(await readRotationState(store)).toMatchObject({ phase: 'rolled_back' });

    const result = await new KeyRotator().rotate(store, oldProvider(), newProvider(), {
      batchSize: 2,
      continueOnUnreadableEntries: true,
    });
    expect(result).toMatchObject({
      totalEntries: 6,
      rotatedEntries: 3,
      unreadableEntries: 1,
      errors: [{ key: 'foxtrot', message: expect.stringContaining('neither the old nor the new key') }],
    });
    expect((await store.get('foxtrot'))?.content).toBe(before.get('foxtrot')?.content);
    expect((await new EncryptedMemoryProvider(store, stranger).get('foxtrot'))?.content).toBe('lost key');
  });

  it('removes staged copies a stopped run left, and completes', async () => {
    const store = await seededStore();
    // A run killed in staging: its marker and a copy of an entry that is rotated meanwhile.
    await new KeyRotator().rotate(failingAt(store, 3), oldProvider(), newProvider(), { batchSize: 2 }).catch(() => {});
    await store.store(`bravo${stagingSuffix}`, createMemoryItem({ content: 'stale copy' }));
    await store.store(`gone${stagingSuffix}`, createMemoryItem({ content: 'copy of a deleted entry' }));
    await new KeyRotator().rotate(store, oldProvider(), newProvider(), { batchSize: 2 });
    await expectRotated(store);
  });

  it('works on the raw store only: the decorator and a store that cannot list its entries are refused', async () => {
    const decorated = new EncryptedMemoryProvider(await seededStore(), oldProvider());
    await expect(new KeyRotator().rotate(decorated, oldProvider(), newProvider())).rejects.toMatchObject({
      code: 'KEY_ROTATION_STORE_UNSUPPORTED',
      message: expect.stringContaining('raw store'),
    });
    // A store with the seven operations only, like the Redis or Pinecone stores.
    const inner = new InMemoryMemoryProvider();
    const withoutListing: MemoryProvider = {
      store: (key, item) => inner.store(key, item),
      get: (key) => inner.get(key),
      search: (query) => inner.search(query),
      delete: (key) => inner.delete(key),
      clear: () => inner.clear(),
      storeWithEmbedding: (key, item, embedding) => inner.storeWithEmbedding(key, item, embedding),
      searchSimilar: (embedding) => inner.searchSimilar(embedding),
    };
    await expect(new KeyRotator().rotate(withoutListing, oldProvider(), newProvider())).rejects.toMatchObject({
      code: 'KEY_ROTATION_STORE_UNSUPPORTED',
      message: expect.stringContaining('in-memory, SQLite and PostgreSQL'),
    });
  });

  it('refuses a state marker that something else wrote', async () => {
    const store = await seededStore();
    await store.store(rotationStateKey, createMemoryItem({ content: 'not a marker' }));
    await expect(new KeyRotator().rotate(store, oldProvider(), newProvider())).rejects.toMatchObject({
      code: 'KEY_ROTATION_STATE_INVALID',
    });
  });
});

describe('KeyRotator.provisionNewKey', () => {
  it('creates a 256-bit key in the secret store and never replaces an existing secret', async () => {
    await using folder = await createTemporaryDirectory();
    const secrets = new FileSecretStore(`${folder.path}/secrets.json`);
    const made = await new KeyRotator().provisionNewKey(secrets, 'memory-key-2', 256);
    expect(made).toEqual({
      secretName: 'memory-key-2',
      keySizeInBits: 256,
      location: `the file ${folder.path}/secrets.json`,
    });
    const key = (await secrets.get('memory-key-2')) ?? '';
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(() => new AesGcmEncryptionProvider({ key: Buffer.from(key, 'base64') })).not.toThrow();
    await expect(new KeyRotator().provisionNewKey(secrets, 'memory-key-2')).rejects.toMatchObject({
      code: 'KEY_PROVISIONING_SECRET_EXISTS',
      message: expect.stringContaining("'memory-key-2-2'"),
    });
    expect(await secrets.get('memory-key-2')).toBe(key);
    await expect(new KeyRotator().provisionNewKey(secrets, 'short', 128)).rejects.toMatchObject({
      code: 'KEY_PROVISIONING_SIZE_INVALID',
    });
    expect(await secrets.get('short')).toBeUndefined();
  });
});
