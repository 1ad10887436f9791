import {
  AesGcmEncryptionProvider,
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  EncryptedMemoryProvider,
  EnvironmentSecretStore,
  InMemoryMemoryProvider,
  MemoryStoreFactoryService,
  SecretStoreService,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  addSvcKeyRotation,
  type KeyRotationProgress,
  KeyRotator,
  KeyRotatorService,
  keyRotationSettings,
} from '../src/index.js';
import { expectRotated } from './rotation-expectations.js';
import { newKey, newProvider, oldKey, oldProvider, seed, seededEntries } from './rotation-scenario.js';

const sections = [...coreSettingsSections, keyRotationSettings];
const configurationOf = (tree: SettingsTree) => Configuration.fromObject(tree, sections);

/** Memories sealed with `old-key`, and the settings of a host that switched to `new-key` (version 2). */
function switchedTo(keyRotation?: SettingsTree): SettingsTree {
  return {
    Svc: {
      Encryption: { Enabled: true, SecretName: 'new-key', KeyVersion: '2' },
      ...(keyRotation === undefined ? {} : { KeyRotation: keyRotation }),
    },
  };
}

async function runtimeOver(inner: InMemoryMemoryProvider, tree: SettingsTree, register = true) {
  const configuration = configurationOf(tree);
  const services = new ServiceCollection()
    .addInstance(
      SecretStoreService,
      new EnvironmentSecretStore({ ORKEON_SECRET_OLD_KEY: oldKey, ORKEON_SECRET_NEW_KEY: newKey }),
    )
    .add(MemoryStoreFactoryService, 'singleton', () => ({ type: 'inmemory', create: () => inner }));
  if (register) addSvcKeyRotation(services, configuration, { logger: captureLogger().logger });
  return createRuntime({ services, configuration, logger: captureLogger().logger });
}

async function seeded(): Promise<InMemoryMemoryProvider> {
  const inner = new InMemoryMemoryProvider();
  await seed(inner);
  return inner;
}

describe('addSvcKeyRotation through createRuntime', () => {
  it('with PreviousSecretName, memories sealed with the retired key stay readable and every write uses the new key', async () => {
    const inner = await seeded();
    await using runtime = await runtimeOver(inner, switchedTo({ PreviousSecretName: 'old-key' }));
    const memory = await runtime.memory.get();
    for (const entry of seededEntries) expect((await memory.get(entry.key))?.content).toBe(entry.content);
    const [hit] = await memory.searchSimilar([1, 0.5, 0], { topK: 1 });
    expect(hit?.item.content).toBe('Ada’s door code is 4711.');
    await memory.store('foxtrot', createMemoryItem({ content: 'Written after the switch.' }));
    const written = await inner.get('foxtrot');
    expect(written?.content.startsWith('orkeon-enc:v1:2:')).toBe(true);
    expect((await new EncryptedMemoryProvider(inner, newProvider()).get('foxtrot'))?.content).toBe(
      'Written after the switch.',
    );
    await expect(new EncryptedMemoryProvider(inner, oldProvider()).get('foxtrot')).rejects.toMatchObject({
      code: 'MEMORY_DECRYPTION_FAILED',
    });
  });

  it('without it, the same runtime cannot read what the retired key sealed', async () => {
    const inner = await seeded();
    await using runtime = await runtimeOver(inner, switchedTo(), false);
    const memory = await runtime.memory.get();
    await expect(memory.get('alpha')).rejects.toMatchObject({ code: 'MEMORY_DECRYPTION_FAILED' });
    expect(runtime.services.tryGet(KeyRotatorService)).toBeUndefined();
  });

  it('registers the rotator with the section’s defaults: it rotates the raw store, after which no previous key is needed', async () => {
    const inner = await seeded();
    await using runtime = await runtimeOver(
      inner,
      switchedTo({ PreviousSecretName: 'old-key', BatchSize: 1, ContinueOnUnreadableEntries: true }),
    );
    const stranger = new AesGcmEncryptionProvider({ key: Buffer.alloc(32, 3) });
    await new EncryptedMemoryProvider(inner, stranger).store('golf', createMemoryItem({ content: 'lost key' }));
    const progress: KeyRotationProgress[] = [];
    const result = await runtime.services
      .get(KeyRotatorService)
      .rotate(inner, oldProvider(), newProvider(), { onProgress: (step) => progress.push(step) });
    // ContinueOnUnreadableEntries from the settings: the unreadable memory is listed, not fatal.
    expect(result).toMatchObject({ rotatedEntries: 3, unreadableEntries: 1, errors: [{ key: 'golf' }] });
    // BatchSize 1: one page per entry or copy.
    expect(progress.filter((step) => step.phase === 'staging').length).toBeGreaterThan(5);
    await inner.delete('golf');
    await expectRotated(inner);
    await using after = await runtimeOver(inner, switchedTo(), false);
    const memory = await after.memory.get();
    for (const entry of seededEntries) expect((await memory.get(entry.key))?.content).toBe(entry.content);
  });

  it('keeps a host’s own rotator, and registers nothing with Enabled false', async () => {
    const own = new KeyRotator({ batchSize: 7 });
    const services = new ServiceCollection().addInstance(KeyRotatorService, own);
    addSvcKeyRotation(services, configurationOf(switchedTo({ PreviousSecretName: 'old-key' })));
    expect(services.build().get(KeyRotatorService)).toBe(own);
    const inner = await seeded();
    await using off = await runtimeOver(inner, switchedTo({ PreviousSecretName: 'old-key', Enabled: false }));
    expect(off.services.tryGet(KeyRotatorService)).toBeUndefined();
    await expect((await off.memory.get()).get('alpha')).rejects.toMatchObject({ code: 'MEMORY_DECRYPTION_FAILED' });
  });

  it('refuses at start a previous key that is the current one, and an unknown key', () => {
    const refused = () =>
      addSvcKeyRotation(new ServiceCollection(), configurationOf(switchedTo({ PreviousSecretName: 'new-key' })));
    expect(refused).toThrow(ConfigurationError);
    expect(refused).toThrow(/Svc:KeyRotation:PreviousSecretName' is 'new-key', the secret of the current key/);
    expect(() => configurationOf(switchedTo({ PreviousSecret: 'old-key' }))).toThrow(/PreviousSecret/);
    expect(() => configurationOf(switchedTo({ BatchSize: 0 }))).toThrow(ConfigurationError);
  });

  it('names the previous secret when it is missing, at the first use of memory', async () => {
    const inner = await seeded();
    await using runtime = await runtimeOver(inner, switchedTo({ PreviousSecretName: 'retired-key' }));
    await expect(runtime.memory.get()).rejects.toMatchObject({
      code: 'KEY_ROTATION_KEY_INVALID',
      message: expect.stringMatching(
        /The secret 'retired-key' \(from the environment: ORKEON_SECRET_RETIRED_KEY\), the retired key/,
      ),
    });
  });

  it('warns when a previous key is named while memories are not encrypted', () => {
    const logs = captureLogger();
    addSvcKeyRotation(
      new ServiceCollection(),
      configurationOf({ Svc: { KeyRotation: { PreviousSecretName: 'old-key' } } }),
      {
        logger: logs.logger,
      },
    );
    expect(logs.records().some((record) => String(record.msg).includes('Svc:Encryption:Enabled is false'))).toBe(true);
  });
});
