import { createLogger, InMemoryDocumentStore } from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  A2ASharedDirectoryNeedsStoreError,
  DocumentStoreAgentRepository,
  SharedAgentDirectoryPublisher,
  SharedAgentRegistrationStore,
  sharedAgentCollection,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

const local = (id: string) =>
  ({ id, name: id, description: `does ${id}`, tags: ['t'], kind: 'local', handler: async () => id }) as const;

let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
  sharedAgentRegistrationStore.clear();
});

describe('the shared agent directory (A2A:Directory:Shared)', () => {
  it('lists this instance’s agents first, then those only other live instances serve, as remote v1.0 agents', async () => {
    const store = new InMemoryDocumentStore();
    let now = Date.parse('2026-11-28T12:00:00Z');
    const clock = () => now;
    const mine = new SharedAgentRegistrationStore();
    mine.save(local('clerk'));
    const theirs = new SharedAgentRegistrationStore();
    theirs.save(local('clerk'));
    theirs.save(local('porter'));
    const logger = createLogger({ level: 'silent' });
    const other = new SharedAgentDirectoryPublisher({
      store,
      local: theirs,
      instance: 'host-b/2/x',
      url: 'http://10.0.0.2:5002',
      logger,
      now: clock,
    });
    await other.start();
    const repository = new DocumentStoreAgentRepository({ store, local: mine, now: clock });
    expect((await repository.getAvailableAgents()).map((agent) => [agent.id, agent.kind])).toEqual([
      ['clerk', 'local'],
      ['porter', 'remote'],
    ]);
    expect(await repository.getById('porter')).toMatchObject({
      kind: 'remote',
      url: 'http://10.0.0.2:5002',
      v1: { url: 'http://10.0.0.2:5002/a2a/jsonrpc', protocolBinding: 'JSONRPC' },
    });
    expect(await repository.getById('nobody')).toBeUndefined();

    // An instance that stopped writing for over 60 s is left out (after the 2 s the directory is kept).
    now += 61_000;
    expect(await repository.getById('porter')).toBeUndefined();
    // An instance that stops takes its entries out.
    await other.stop();
    expect(await store.list(sharedAgentCollection)).toEqual([]);
  });

  it('refuses to start a server with a shared directory and no document store, naming the fix', async () => {
    const error = await startTestHost({ settings: { Directory: { Shared: true } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(A2ASharedDirectoryNeedsStoreError);
    expect(String((error as Error).message)).toContain('register one (addPostgresCheckpointing');
  });

  it('a server writes its agents at its address on start and takes them out on stop', async () => {
    const store = new InMemoryDocumentStore();
    sharedAgentRegistrationStore.save(local('clerk'));
    host = await startTestHost({ store, settings: { Directory: { Shared: true } } });
    const entries = await store.list(sharedAgentCollection);
    expect(entries.map((entry) => entry.value)).toMatchObject([{ id: 'clerk', url: host.url }]);
    await host.close();
    host = undefined;
    expect(await store.list(sharedAgentCollection)).toEqual([]);
  });
});
