import { describe, expectTypeOf, it } from 'vitest';
import {
  type AiSdkEmbeddingProviderOptions,
  addDefaultEmbeddingProvider,
  type CoreErrorCode,
  createAiSdkEmbeddingProvider,
  createUnavailableEmbeddingProvider,
  type EmbeddingProvider,
  EmbeddingProviderService,
  EmbeddingProviderUnavailableError,
  type EmbedOptions,
  LocalEmbeddingProviderService,
  RemoteEmbeddingProviderService,
  type RunCrewOptions,
  type ServiceCollection,
  type ServiceToken,
} from '../../src/index.js';

describe('what users import for embeddings', () => {
  it('has the types the docs show', () => {
    expectTypeOf(EmbeddingProviderService).toEqualTypeOf<ServiceToken<EmbeddingProvider>>();
    expectTypeOf(LocalEmbeddingProviderService).toEqualTypeOf<ServiceToken<EmbeddingProvider>>();
    expectTypeOf(RemoteEmbeddingProviderService).toEqualTypeOf<ServiceToken<EmbeddingProvider>>();
    expectTypeOf<EmbeddingProvider['embed']>().toEqualTypeOf<
      (texts: readonly string[], options?: EmbedOptions) => Promise<number[][]>
    >();
    expectTypeOf<EmbeddingProvider['dimensions']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(createAiSdkEmbeddingProvider).returns.toEqualTypeOf<EmbeddingProvider>();
    expectTypeOf<AiSdkEmbeddingProviderOptions>().toEqualTypeOf<{
      readonly provider?: string;
      readonly maxRetries?: number;
      readonly timeoutSeconds?: number;
    }>();
    expectTypeOf(createUnavailableEmbeddingProvider).returns.toEqualTypeOf<EmbeddingProvider>();
    expectTypeOf(addDefaultEmbeddingProvider).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(new EmbeddingProviderUnavailableError().code).toEqualTypeOf<CoreErrorCode>();
    expectTypeOf<RunCrewOptions['embeddings']>().toEqualTypeOf<EmbeddingProvider | undefined>();
  });
});
