import tls from 'node:tls';
import {
  Configuration,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger, createTestCertificates, type TestCertificates } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSvcChromaMemory, chromaMemorySettings } from '../src/index.js';
import { type ChromaContractServer, startChromaContractServer } from './contract/chroma-contract-server.js';

const sections = [...coreSettingsSections, chromaMemorySettings];
const settingsOf = (tree: SettingsTree) => Configuration.fromObject(tree, sections);

let server: ChromaContractServer;

beforeAll(async () => {
  server = await startChromaContractServer();
});

afterAll(async () => {
  await server.close();
});

async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('addSvcChromaMemory', () => {
  it('registers the chromadb store: settings → addSvcChromaMemory → createRuntime → runtime.memory.get() → a write and a read', async () => {
    const configuration = settingsOf({
      Memory: { Provider: 'chromadb' },
      Svc: { Memory: { ChromaDb: { Url: server.url, Collection: 'runtime_memories' } } },
    });
    const services = new ServiceCollection();
    addSvcChromaMemory(services, configuration);
    const runtime = await createRuntime({ services, configuration });
    const memory = await runtime.memory.get();
    await memory.storeWithEmbedding('ada', createMemoryItem({ content: 'Ada drinks green tea.' }), [0.1, 0.8, 0.2]);
    expect((await memory.get('ada'))?.content).toBe('Ada drinks green tea.');
    expect((await memory.searchSimilar([0.1, 0.7, 0.3], { topK: 1 }))[0]?.key).toBe('ada');
    expect(server.collection('runtime_memories')?.records.has('ada')).toBe(true);
    expect(await runtime.memory.get('chroma')).toBe(memory);
    await runtime.dispose();
    await expect(memory.get('ada')).rejects.toMatchObject({ code: 'CHROMA_MEMORY_CLOSED' });
  });

  it('refuses the start for settings it cannot use, without quoting a password or token', async () => {
    const url = (Url: string) => settingsOf({ Svc: { Memory: { ChromaDb: { Url } } } });
    const withCredentials = await failure(() =>
      addSvcChromaMemory(new ServiceCollection(), url('http://admin:hunter22@chroma.internal:8000')),
    );
    expect(withCredentials).toMatchObject({ code: 'CONFIGURATION_INVALID' });
    expect(withCredentials.message).toContain('Svc:Memory:ChromaDb:Url');
    expect(withCredentials.message).not.toContain('hunter22');
    const withPath = await failure(() =>
      addSvcChromaMemory(new ServiceCollection(), url('http://chroma.internal:8000/api')),
    );
    expect(withPath.message).toContain('path');
    const badName = await failure(() =>
      settingsOf({ Svc: { Memory: { ChromaDb: { Collection: 'no spaces here' } } } }),
    );
    expect(badName).toMatchObject({ code: 'CONFIGURATION_INVALID' });
    expect(badName.message).toContain('Svc:Memory:ChromaDb:Collection');
    const typo = await failure(() => settingsOf({ Svc: { Memory: { ChromaDb: { Colection: 'x' } } } }));
    expect(typo.message).toContain("Did you mean 'Svc:Memory:ChromaDb:Collection'");
    const badToken = await failure(() => settingsOf({ Svc: { Memory: { ChromaDb: { AuthToken: 4242424242 } } } }));
    expect(badToken.message).toContain('Svc:Memory:ChromaDb:AuthToken');
    expect(badToken.message).not.toContain('4242424242');
  });

  it('names the URL when the server does not answer, and keeps the token out of messages and logs', async () => {
    const gone = await startChromaContractServer();
    const { url } = gone;
    await gone.close();
    const token = 'chroma-token-never-shown';
    const configuration = settingsOf({
      Memory: { Provider: 'chroma' },
      Svc: { Memory: { ChromaDb: { Url: url, AuthToken: token } } },
    });
    const services = new ServiceCollection();
    addSvcChromaMemory(services, configuration);
    const logs = captureLogger({ secrets: configuration.secretValues() });
    await using runtime = await createRuntime({ services, configuration, logger: logs.logger });
    const error = await failure(() => runtime.memory.get());
    expect(error).toMatchObject({ code: 'CHROMA_MEMORY_UNAVAILABLE' });
    expect(error.message).toContain(url);
    expect(error.message).not.toContain(token);
    expect(logs.text()).not.toContain(token);
  });

  it('reaches an https:// URL with TLS', async () => {
    let certificates: TestCertificates | undefined;
    const trusted = tls.getCACertificates('default');
    let secure: ChromaContractServer | undefined;
    try {
      certificates = await createTestCertificates();
      tls.setDefaultCACertificates([...trusted, certificates.ca.certPem]);
      secure = await startChromaContractServer({
        tls: { cert: certificates.server.chainPem, key: certificates.server.keyPem },
      });
      const configuration = settingsOf({
        Memory: { Provider: 'chromadb' },
        Svc: { Memory: { ChromaDb: { Url: secure.url } } },
      });
      const services = new ServiceCollection();
      addSvcChromaMemory(services, configuration);
      await using runtime = await createRuntime({ services, configuration });
      const memory = await runtime.memory.get();
      await memory.store('secure', createMemoryItem({ content: 'over TLS' }));
      expect((await memory.search('TLS'))[0]?.key).toBe('secure');
      expect(secure.url.startsWith('https://')).toBe(true);
    } finally {
      tls.setDefaultCACertificates(trusted);
      await secure?.close();
      await certificates?.remove();
    }
  }, 60_000);
});
