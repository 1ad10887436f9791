import { describeConversationPersistence, describeDocumentStoreConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { addDocumentStore } from '../../src/documents/add-document-store.js';
import { DocumentStoreService } from '../../src/documents/document-store.js';
import { InMemoryDocumentStore } from '../../src/documents/in-memory-document-store.js';
import { ServiceCollection } from '../../src/services/service-collection.js';

const { describe, expect, it } = vitest;

describeDocumentStoreConformance(
  vitest,
  'InMemoryDocumentStore',
  async (options) => new InMemoryDocumentStore(options),
);

// In memory a restart keeps nothing: the "restarted" store is the same one, as within one process.
describeConversationPersistence(vitest, 'the in-memory document store', async () => {
  const documents = new InMemoryDocumentStore();
  return { documents, restart: async () => documents, dispose: () => documents.close() };
});

describe('addDocumentStore', () => {
  it('registers one in-memory store, the given store, or leaves the host registration alone', () => {
    const provider = addDocumentStore(new ServiceCollection()).build();
    const store = provider.get(DocumentStoreService);
    expect(store).toBeInstanceOf(InMemoryDocumentStore);
    expect(provider.get(DocumentStoreService)).toBe(store);
    const mine = new InMemoryDocumentStore();
    expect(addDocumentStore(new ServiceCollection(), mine).build().get(DocumentStoreService)).toBe(mine);
    const hosts = new InMemoryDocumentStore();
    const services = new ServiceCollection().addInstance(DocumentStoreService, hosts);
    addDocumentStore(services);
    addDocumentStore(services, mine);
    expect(services.build().get(DocumentStoreService)).toBe(hosts);
  });
});
