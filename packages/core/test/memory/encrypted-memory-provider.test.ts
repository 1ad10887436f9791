import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { captureLogger, createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { Configuration } from '../../src/config/configuration.js';
import { coreSettingsSections } from '../../src/core-settings-sections.js';
import { AesGcmEncryptionProvider } from '../../src/encryption/aes-gcm-encryption-provider.js';
import { MemoryEncryptionProviderFactoryService } from '../../src/encryption/memory-encryption.js';
import { EncryptedMemoryProvider, keyVersionProperty } from '../../src/memory/encrypted-memory-provider.js';
import { InMemoryMemoryProvider } from '../../src/memory/in-memory-memory-provider.js';
import { createMemoryItem } from '../../src/memory/memory-items.js';
import { MemoryStoreFactoryService } from '../../src/memory/memory-store-factory.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { EnvironmentSecretStore } from '../../src/secrets/environment-secret-store.js';
import { FileSecretStore } from '../../src/secrets/file-secret-store.js';
import { SecretStoreService } from '../../src/secrets/secret-store.js';
import { ServiceCollection } from '../../src/services/service-collection.js';

const secret = 'Ada’s door code is 4711.';

function pair(key = randomBytes(32)) {
  const inner = new InMemoryMemoryProvider();
  return { inner, encrypted: new EncryptedMemoryProvider(inner, { key }), key };
}

describe('EncryptedMemoryProvider', () => {
  it('keeps ciphertext in the store, gives the content back, and searches by vector', async () => {
    const { inner, encrypted } = pair();
    const item = createMemoryItem({ content: secret, metadata: { tags: ['door'], customProperties: { room: 4 } } });
    await encrypted.storeWithEmbedding('door', item, [1, 0]);
    const stored = await inner.get('door');
    expect(stored?.content).not.toContain('4711');
    expect(stored?.content.startsWith('orkeon-enc:v1:1:')).toBe(true);
    expect(stored?.metadata).toMatchObject({
      tags: ['door'],
      customProperties: { room: 4, [keyVersionProperty]: '1' },
    });
    expect(stored?.embedding).toEqual([1, 0]);
    expect(await encrypted.get('door')).toEqual({ ...item, embedding: [1, 0] });
    const [hit] = await encrypted.searchSimilar([1, 0.1], { filter: { tags: ['door'] } });
    expect(hit?.item.content).toBe(secret);
    // Two writes of one content never look alike.
    await encrypted.store('again', item);
    expect((await inner.get('again'))?.content.slice(20)).not.toBe(stored?.content.slice(20));
    await encrypted.storeMany([{ key: 'many', item }]);
    expect((await encrypted.get('many'))?.content).toBe(secret);
  });

  it('refuses word search, another key, a changed text and a content moved to another key', async () => {
    const { inner, encrypted } = pair();
    await encrypted.store('door', createMemoryItem({ content: secret }));
    await expect(encrypted.search('door')).rejects.toMatchObject({ code: 'MEMORY_ENCRYPTED_SEARCH_UNSUPPORTED' });
    const other = new EncryptedMemoryProvider(inner, { key: randomBytes(32) });
    await expect(other.get('door')).rejects.toMatchObject({ code: 'MEMORY_DECRYPTION_FAILED' });
    const stored = (await inner.get('door')) ?? createMemoryItem({ content: 'missing' });
    await inner.store('moved', stored);
    await expect(encrypted.get('moved')).rejects.toMatchObject({
      code: 'MEMORY_DECRYPTION_FAILED',
      message: expect.stringContaining("Memory 'moved'"),
    });
    const flipped = `${stored.content.slice(0, -6)}${stored.content.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    await inner.store('door', { ...stored, content: flipped });
    await expect(encrypted.get('door')).rejects.toMatchObject({ code: 'MEMORY_DECRYPTION_FAILED' });
    expect(() => new EncryptedMemoryProvider(inner, { key: randomBytes(16) })).toThrow(/needs 32/);
  });

  it('reads a memory as the previous release wrote it (orkeon-enc:v1, AES-256-GCM, the key as associated data)', async () => {
    // Written by release 0.1's EncryptedMemoryProvider with this key and version 7, before the provider port existed.
    const key = Buffer.from('AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=', 'base64');
    const stored = {
      id: 'm1',
      content: 'orkeon-enc:v1:7:uEnPP7kpaQlwx3U1l3Hfs5d7rrWQWVSLGGpoKLORpi7HsbQMrsoO/kxVdKRxIfkt+kk3XIHv',
      type: 'longTerm',
      importance: 0.5,
      metadata: {
        createdAt: '2026-01-01T00:00:00.000Z',
        source: 'unknown',
        tags: [],
        accessCount: 0,
        customProperties: { [keyVersionProperty]: '7' },
      },
    } as const;
    const inner = new InMemoryMemoryProvider();
    await inner.store('door', stored);
    const read = await new EncryptedMemoryProvider(inner, { key }).get('door');
    expect(read).toEqual({ ...stored, content: secret, metadata: { ...stored.metadata, customProperties: {} } });
    // The same bytes through the provider port: the format did not change.
    const provider = new AesGcmEncryptionProvider({ key, keyVersion: '7' });
    expect(await new EncryptedMemoryProvider(inner, provider).get('door')).toEqual(read);
    await new EncryptedMemoryProvider(inner, provider).store('window', createMemoryItem({ content: secret }));
    expect((await inner.get('window'))?.content).toMatch(/^orkeon-enc:v1:7:[A-Za-z0-9+/]+=*$/);
  });

  it('reads memories written before encryption was enabled as they are', async () => {
    const { inner, encrypted } = pair();
    await inner.store('old', createMemoryItem({ content: 'written in clear' }));
    expect((await encrypted.get('old'))?.content).toBe('written in clear');
  });
});

describe('Svc:Encryption in the runtime', () => {
  async function runtimeWith(environment: NodeJS.ProcessEnv, inner = new InMemoryMemoryProvider()) {
    const services = new ServiceCollection()
      .addInstance(SecretStoreService, new EnvironmentSecretStore(environment))
      .add(MemoryStoreFactoryService, 'singleton', () => ({ type: 'inmemory', create: () => inner }));
    const runtime = await createRuntime({
      services,
      logger: captureLogger().logger,
      configuration: Configuration.fromObject({ Svc: { Encryption: { Enabled: true } } }, coreSettingsSections),
    });
    return { runtime, inner };
  }

  it('encrypts every store with the key from the secret store', async () => {
    const key = randomBytes(32).toString('base64');
    const { runtime, inner } = await runtimeWith({ ORKEON_SECRET_ORKEON_ENCRYPTION_KEY: key });
    await using _ = runtime;
    const store = await runtime.memory.get();
    await store.store('door', createMemoryItem({ content: secret }));
    expect((await inner.get('door'))?.content).not.toContain('4711');
    expect((await store.get('door'))?.content).toBe(secret);
  });

  it('reads the key from an owner-only file with SecretStore file, and records KeyVersion', async () => {
    await using folder = await createTemporaryDirectory();
    const path = join(folder.path, 'secrets.json');
    const key = randomBytes(32);
    await new FileSecretStore(path).set('memory-key', key.toString('base64'));
    const inner = new InMemoryMemoryProvider();
    const services = new ServiceCollection().add(MemoryStoreFactoryService, 'singleton', () => ({
      type: 'inmemory',
      create: () => inner,
    }));
    const settings = {
      Enabled: true,
      SecretName: 'memory-key',
      KeyVersion: '3',
      SecretStore: 'file',
      SecretFile: path,
    };
    await using runtime = await createRuntime({
      services,
      logger: captureLogger().logger,
      configuration: Configuration.fromObject({ Svc: { Encryption: settings } }, coreSettingsSections),
    });
    const store = await runtime.memory.get();
    await store.store('door', createMemoryItem({ content: secret }));
    const stored = await inner.get('door');
    expect(stored?.content.startsWith('orkeon-enc:v1:3:')).toBe(true);
    expect(stored?.metadata.customProperties[keyVersionProperty]).toBe('3');
    expect((await new EncryptedMemoryProvider(inner, { key }).get('door'))?.content).toBe(secret);
  });

  it('encrypts with the provider a registered MemoryEncryptionProviderFactory builds', async () => {
    const key = randomBytes(32);
    const inner = new InMemoryMemoryProvider();
    const services = new ServiceCollection()
      .add(MemoryStoreFactoryService, 'singleton', () => ({ type: 'inmemory', create: () => inner }))
      .addInstance(MemoryEncryptionProviderFactoryService, {
        create: async () => new AesGcmEncryptionProvider({ key, keyVersion: 'vault-9' }),
      });
    await using runtime = await createRuntime({
      services,
      logger: captureLogger().logger,
      configuration: Configuration.fromObject({ Svc: { Encryption: { Enabled: true } } }, coreSettingsSections),
    });
    await (await runtime.memory.get()).store('door', createMemoryItem({ content: secret }));
    expect((await inner.get('door'))?.content.startsWith('orkeon-enc:v1:vault-9:')).toBe(true);
  });

  it('a missing or malformed key is refused at first use, naming the variable and the command', async () => {
    const missing = await runtimeWith({});
    await using _missing = missing.runtime;
    await expect(missing.runtime.memory.get()).rejects.toMatchObject({
      code: 'MEMORY_ENCRYPTION_KEY_INVALID',
      message: expect.stringMatching(/ORKEON_SECRET_ORKEON_ENCRYPTION_KEY.*openssl rand -base64 32/),
    });
    const short = await runtimeWith({ ORKEON_SECRET_ORKEON_ENCRYPTION_KEY: randomBytes(16).toString('base64') });
    await using _short = short.runtime;
    await expect(short.runtime.memory.get()).rejects.toMatchObject({
      code: 'MEMORY_ENCRYPTION_KEY_INVALID',
      message: expect.stringContaining('is not 32 bytes in base64'),
    });
  });
});

describe('EnvironmentSecretStore', () => {
  it('reads ORKEON_SECRET_ variables and never replaces a secret unless asked', async () => {
    const environment: NodeJS.ProcessEnv = {};
    const secrets = new EnvironmentSecretStore(environment);
    await secrets.set('orkeon-encryption-key', 'one');
    expect(environment.ORKEON_SECRET_ORKEON_ENCRYPTION_KEY).toBe('one');
    await expect(secrets.set('orkeon-encryption-key', 'two')).rejects.toMatchObject({ code: 'SECRET_STORE_REFUSED' });
    await secrets.set('orkeon-encryption-key', 'two', { overwrite: true });
    expect(await secrets.get('orkeon-encryption-key')).toBe('two');
    await expect(secrets.get('a/b')).rejects.toMatchObject({ code: 'SECRET_STORE_REFUSED' });
  });
});
