import {
  Configuration,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSvcPineconeMemory, pineconeMemorySettings } from '../src/index.js';
import { type PineconeFixture, startPineconeFixture } from './pinecone-fixture.js';

const sections = [...coreSettingsSections, pineconeMemorySettings];
const settingsOf = (tree: SettingsTree) => Configuration.fromObject(tree, sections);

let fixture: PineconeFixture;

beforeAll(async () => {
  fixture = await startPineconeFixture();
}, 60_000);

afterAll(async () => {
  await fixture.close();
});

function failure(run: () => unknown): Error & { code?: string } {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('addSvcPineconeMemory', () => {
  it('registers the pinecone store: settings → addSvcPineconeMemory → createRuntime → runtime.memory.get() → a write and a read', async () => {
    const configuration = settingsOf({
      Memory: { Provider: 'pinecone' },
      Svc: {
        Memory: {
          Pinecone: { ApiKey: fixture.apiKey, ControllerHost: fixture.server.controlUrl, Namespace: 'runtime' },
        },
      },
    });
    const services = new ServiceCollection();
    addSvcPineconeMemory(services, configuration);
    const runtime = await createRuntime({ services, configuration });
    const memory = await runtime.memory.get();
    await memory.storeWithEmbedding('ada', createMemoryItem({ content: 'Ada drinks green tea.' }), [0.1, 0.8, 0.2]);
    expect((await memory.get('ada'))?.content).toBe('Ada drinks green tea.');
    expect((await memory.searchSimilar([0.1, 0.7, 0.3], { topK: 1 }))[0]?.key).toBe('ada');
    expect(fixture.server.index('orkeon-memories').namespaces.get('runtime')?.has('ada')).toBe(true);
    await runtime.dispose();
    await expect(memory.get('ada')).rejects.toMatchObject({ code: 'PINECONE_MEMORY_CLOSED' });
  });

  it('refuses the start without an API key, naming the setting', () => {
    const missing = failure(() => addSvcPineconeMemory(new ServiceCollection(), settingsOf({})));
    expect(missing).toMatchObject({ code: 'CONFIGURATION_INVALID' });
    expect(missing.message).toContain('Svc:Memory:Pinecone:ApiKey');
    expect(missing.message).toContain('SVC_Svc__Memory__Pinecone__ApiKey');
    const blank = failure(() =>
      addSvcPineconeMemory(new ServiceCollection(), settingsOf({ Svc: { Memory: { Pinecone: { ApiKey: ' ' } } } })),
    );
    expect(blank.message).toContain('Svc:Memory:Pinecone:ApiKey');
  });

  it('refuses other settings it cannot use, never quoting the key', () => {
    const key = 'pcsk_settings_key_never_shown';
    const host = failure(() =>
      addSvcPineconeMemory(
        new ServiceCollection(),
        settingsOf({ Svc: { Memory: { Pinecone: { ApiKey: key, Host: 'ftp://index.example' } } } }),
      ),
    );
    expect(host).toMatchObject({ code: 'CONFIGURATION_INVALID' });
    expect(host.message).toContain('Svc:Memory:Pinecone:Host');
    expect(host.message).not.toContain(key);
    const name = failure(() => settingsOf({ Svc: { Memory: { Pinecone: { ApiKey: key, IndexName: 'Upper_Case' } } } }));
    expect(name.message).toContain('Svc:Memory:Pinecone:IndexName');
    expect(name.message).not.toContain(key);
    const wrongType = failure(() => settingsOf({ Svc: { Memory: { Pinecone: { ApiKey: 123456789 } } } }));
    expect(wrongType.message).toContain('Svc:Memory:Pinecone:ApiKey');
    expect(wrongType.message).not.toContain('123456789');
    const typo = failure(() => settingsOf({ Svc: { Memory: { Pinecone: { Namespac: 'y' } } } }));
    expect(typo.message).toContain("Did you mean 'Svc:Memory:Pinecone:Namespace'");
  });

  it('keeps the key out of messages and logs when the index cannot be reached', async () => {
    const gone = await fixture.startServer([{ name: 'orkeon-memories', dimension: 3 }]);
    await gone.close();
    const configuration = settingsOf({
      Memory: { Provider: 'pinecone' },
      Svc: { Memory: { Pinecone: { ApiKey: fixture.apiKey, ControllerHost: gone.controlUrl } } },
    });
    const services = new ServiceCollection();
    addSvcPineconeMemory(services, configuration);
    const logs = captureLogger({ secrets: configuration.secretValues() });
    await using runtime = await createRuntime({ services, configuration, logger: logs.logger });
    const error = await runtime.memory.get().then(
      () => undefined,
      (reason: Error & { code?: string }) => reason,
    );
    expect(error).toMatchObject({ code: 'PINECONE_MEMORY_UNAVAILABLE' });
    expect(error?.message).toContain(gone.controlUrl);
    expect(error?.message).not.toContain(fixture.apiKey);
    expect(logs.text()).not.toContain(fixture.apiKey);
  });
});
