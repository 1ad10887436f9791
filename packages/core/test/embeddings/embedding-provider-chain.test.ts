import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { addDefaultEmbeddingProvider } from '../../src/embeddings/add-default-embedding-provider.js';
import { type EmbeddingProvider, EmbeddingProviderService } from '../../src/embeddings/embedding-provider.js';
import {
  LocalEmbeddingProviderService,
  RemoteEmbeddingProviderService,
} from '../../src/embeddings/embedding-provider-services.js';
import { OrkeonError } from '../../src/errors/orkeon-error.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { ServiceCollection } from '../../src/services/service-collection.js';

/** A provider that says which one it is in every vector's first number. */
function labelled(model: string, label: number): EmbeddingProvider {
  return { model, dimensions: 2, embed: async (texts) => texts.map(() => [label, texts.length]) };
}

async function chosen(services: ServiceCollection): Promise<{ model: string; vector: number[] | undefined }> {
  await using runtime = await createRuntime({ services, logger: captureLogger().logger });
  const provider = runtime.services.get(EmbeddingProviderService);
  const [vector] = await provider.embed(['text']);
  return { model: provider.model, vector };
}

describe('the embedding provider chain', () => {
  it('uses the local provider when one is registered, before the remote one', async () => {
    const services = new ServiceCollection()
      .addInstance(RemoteEmbeddingProviderService, labelled('remote', 2))
      .addInstance(LocalEmbeddingProviderService, labelled('local', 1));
    expect(await chosen(services)).toEqual({ model: 'local', vector: [1, 1] });
  });

  it('uses the remote provider when no local one is registered', async () => {
    const services = new ServiceCollection().addInstance(RemoteEmbeddingProviderService, labelled('remote', 2));
    expect(await chosen(services)).toEqual({ model: 'remote', vector: [2, 1] });
  });

  it('keeps the host’s own EmbeddingProviderService over both', async () => {
    const services = new ServiceCollection()
      .addInstance(LocalEmbeddingProviderService, labelled('local', 1))
      .addInstance(EmbeddingProviderService, labelled('host', 3));
    expect(await chosen(services)).toEqual({ model: 'host', vector: [3, 1] });
  });

  it('without either, starts, and fails at the first embed naming both fixes', async () => {
    await using runtime = await createRuntime({ logger: captureLogger().logger });
    const provider = runtime.services.get(EmbeddingProviderService);
    expect(provider.model).toBe('unavailable');
    const error = await provider.embed(['text']).then(
      () => undefined,
      (rejected: unknown) => rejected,
    );
    expect(OrkeonError.isInstance(error) && error.code).toBe('EMBEDDING_PROVIDER_UNAVAILABLE');
    const message = (error as Error).message;
    expect(message).toContain('addSvcLocalEmbeddings(services) from @orkeon/embeddings-local');
    expect(message).toContain('Llm:EmbeddingModel');
    // Every call fails the same way: nothing is remembered as working.
    await expect(provider.embed(['again'])).rejects.toThrow(message);
  });

  it('registers with tryAdd, so that calling it again or after the host changes nothing', () => {
    const host = labelled('host', 3);
    const services = new ServiceCollection().addInstance(EmbeddingProviderService, host);
    addDefaultEmbeddingProvider(services);
    addDefaultEmbeddingProvider(services);
    expect(services.registrationsOf(EmbeddingProviderService)).toHaveLength(1);
    expect(services.build().get(EmbeddingProviderService)).toBe(host);
  });

  it('resolves the local provider lazily: one that is never asked for is never built', async () => {
    let built = 0;
    const services = new ServiceCollection().addSingleton(LocalEmbeddingProviderService, () => {
      built++;
      return labelled('local', 1);
    });
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    expect(built).toBe(0);
    runtime.services.get(EmbeddingProviderService);
    expect(built).toBe(1);
  });
});
