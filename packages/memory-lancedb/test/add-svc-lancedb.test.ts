import { join } from 'node:path';
import {
  Configuration,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addSvcLanceDb,
  LanceDbMemoryProvider,
  LanceDbMemorySettingsError,
  lanceDbMemorySettings,
} from '../src/index.js';

const sections = [...coreSettingsSections, lanceDbMemorySettings];
const configuration = (lanceDb: SettingsTree, provider = 'lance') =>
  Configuration.fromObject({ Memory: { Provider: provider }, Svc: { Memory: { LanceDb: lanceDb } } }, sections);

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-lancedb-registration-');
});
afterEach(async () => {
  await folder.remove();
});

describe('addSvcLanceDb', () => {
  it('gives the lancedb store to createRuntime through Memory:Provider (alias lance), in the configured folder', async () => {
    const settings = configuration({ Uri: 'memories', Table: 'crew_memories', Dimensions: 3 });
    const services = addSvcLanceDb(new ServiceCollection(), settings, { baseDirectory: folder.path });
    const runtime = await createRuntime({ services, configuration: settings });
    const memory = await runtime.memory.get();
    expect(memory).toBeInstanceOf(LanceDbMemoryProvider);
    expect(await runtime.memory.get('lancedb')).toBe(memory);
    const fact = createMemoryItem({ content: 'Ada is allergic to nuts.', type: 'entity' });
    await memory.storeWithEmbedding('ada', fact, [0, 0, 1]);
    expect(await memory.get('ada')).toEqual({ ...fact, embedding: [0, 0, 1] });
    await expect(memory.storeWithEmbedding('bob', fact, [0, 1])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
    });
    await runtime[Symbol.asyncDispose]();
    // Disposing the runtime closed the store; what it kept is in the folder the settings named.
    await expect(memory.get('ada')).rejects.toMatchObject({ code: 'LANCEDB_MEMORY_CLOSED' });
    await using reopened = new LanceDbMemoryProvider({ uri: join(folder.path, 'memories'), table: 'crew_memories' });
    expect((await reopened.searchSimilar([0, 0, 1]))[0]?.key).toBe('ada');
  });

  it('refuses the start for a db:// URI without ApiKey, and for Enterprise without HostOverride, naming the key', () => {
    const refused = (lanceDb: SettingsTree) => () =>
      addSvcLanceDb(new ServiceCollection(), configuration(lanceDb), { baseDirectory: folder.path });
    expect(refused({ Uri: 'db://team-memories' })).toThrow(LanceDbMemorySettingsError);
    expect(refused({ Uri: 'db://team-memories' })).toThrow(/Svc:Memory:LanceDb:ApiKey is missing/);
    expect(refused({ Uri: 'db://team-memories', ApiKey: 'sk-enterprise-key-1', Deployment: 'enterprise' })).toThrow(
      /Svc:Memory:LanceDb:HostOverride is missing, and Deployment is enterprise/,
    );
    expect(refused({ Uri: 'folder', Deployment: 'enterprise' })).toThrow(/Deployment is enterprise/);
    try {
      refused({ Uri: 'db://team-memories', ApiKey: 'sk-enterprise-key-1', Deployment: 'enterprise' })();
    } catch (error) {
      expect(error).toMatchObject({ code: 'LANCEDB_MEMORY_SETTINGS_INVALID', details: { key: 'HostOverride' } });
      expect(JSON.stringify(error) + String(error)).not.toContain('sk-enterprise-key-1');
    }
    // Cloud with its key, and Enterprise with its host, are accepted; nothing connects before first use.
    expect(() => refused({ Uri: 'db://team-memories', ApiKey: 'sk-cloud-key-2' })()).not.toThrow();
    expect(() =>
      refused({
        Uri: 'db://team-memories',
        ApiKey: 'sk-enterprise-key-1',
        Deployment: 'enterprise',
        HostOverride: 'https://lancedb.example.internal',
      })(),
    ).not.toThrow();
  });

  it('refuses bad values and unknown keys when the settings are read, with the key and what is allowed', () => {
    expect(() => configuration({ Dimensions: 0 })).toThrow(/Dimensions/);
    expect(() => configuration({ IndexThreshold: -1 })).toThrow(/IndexThreshold/);
    expect(() => configuration({ Table: "memories'; drop" })).toThrow(/Table/);
    expect(() => configuration({ HostOverride: 'ftp://example.com' })).toThrow(/HostOverride/);
    expect(() => configuration({ Dimension: 3 })).toThrow(/Dimension/);
    expect(configuration({}).get(lanceDbMemorySettings)).toEqual({
      Uri: './.orkeon/lancedb',
      Table: 'orkeon_memories',
      Region: 'us-east-1',
      Deployment: 'cloud',
      IndexThreshold: 10_000,
    });
  });

  it('keeps an ApiKey out of the settings errors even when its value is refused elsewhere', () => {
    const attempt = () => configuration({ Uri: 'db://x', ApiKey: 'sk-secret-value-3', Region: 'Not A Region!' });
    expect(attempt).toThrow(/Region/);
    try {
      attempt();
    } catch (error) {
      expect(String(error)).not.toContain('sk-secret-value-3');
    }
  });
});
