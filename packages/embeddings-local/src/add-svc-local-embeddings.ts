import { resolve } from 'node:path';
import {
  type Configuration,
  ConfigurationError,
  type EmbeddingProvider,
  LocalEmbeddingProviderService,
  type ServiceCollection,
  ToolService,
} from '@orkeon/core';
import { createLocalEmbedTextTool } from './local-embed-text-tool.js';
import { type LocalEmbeddingsSettings, localEmbeddingsSettings } from './local-embeddings-settings.js';
import { inspectOnnxModelFolder } from './onnx-model-folder.js';
import { OnnxSentenceEmbeddingProvider } from './onnx-sentence-embedding-provider.js';
import { assertTransformersInstalled } from './transformers-package.js';
import { UniversalSentenceEncoderProvider } from './universal-sentence-encoder-provider.js';

export interface AddSvcLocalEmbeddingsOptions {
  /** What a relative `ModelPath` starts from. Default: the working directory. */
  readonly baseDirectory?: string;
}

// One `local_embed_text` per collection, also when this is called twice.
const withTool = new WeakSet<ServiceCollection>();

/**
 * Registers the local embedding provider, first link of the runtime's chain (local,
 * then the provider's remote model, then a clear failure), and the `local_embed_text`
 * tool. `Svc:Embeddings:Local` is read and judged here, so a bad setting, a missing
 * model folder or a missing `@huggingface/transformers` refuses the start; the model
 * itself loads on the first `embed`. Without settings: the bundled English model.
 * A local provider the host registered itself is kept.
 */
export function addSvcLocalEmbeddings(
  services: ServiceCollection,
  configuration?: Configuration,
  options: AddSvcLocalEmbeddingsOptions = {},
): ServiceCollection {
  const settings =
    configuration === undefined ? localEmbeddingsSettings.schema.parse({}) : configuration.get(localEmbeddingsSettings);
  const create = providerFactory(settings, options);
  services.tryAddSingleton(LocalEmbeddingProviderService, create);
  if (!withTool.has(services)) {
    withTool.add(services);
    services.addSingleton(ToolService, (resolver) =>
      createLocalEmbedTextTool(resolver.get(LocalEmbeddingProviderService)),
    );
  }
  return services;
}

/** Checks the settings now and returns what builds the provider when first asked for. */
function providerFactory(
  settings: LocalEmbeddingsSettings,
  options: AddSvcLocalEmbeddingsOptions,
): () => EmbeddingProvider {
  const common = { normalize: settings.Normalize, batchSize: settings.BatchSize };
  if (settings.Model === 'universal-sentence-encoder') {
    if (settings.ModelPath !== undefined)
      throw new ConfigurationError([
        {
          key: 'Svc:Embeddings:Local:ModelPath',
          message: `Setting 'Svc:Embeddings:Local:ModelPath' is read only with Model onnx, and Model is universal-sentence-encoder: set Svc:Embeddings:Local:Model to onnx to use the folder, or remove ModelPath.`,
        },
      ]);
    return () => new UniversalSentenceEncoderProvider(common);
  }
  if (settings.ModelPath === undefined)
    throw new ConfigurationError([
      {
        key: 'Svc:Embeddings:Local:ModelPath',
        message:
          "Setting 'Svc:Embeddings:Local:ModelPath' is required with Model onnx: give the folder of an ONNX sentence-transformer (see docs/embeddings.md for the command that fetches one), or use Model universal-sentence-encoder.",
      },
    ]);
  const modelPath = resolve(options.baseDirectory ?? process.cwd(), settings.ModelPath);
  inspectOnnxModelFolder(modelPath);
  assertTransformersInstalled();
  return () => new OnnxSentenceEmbeddingProvider({ ...common, modelPath, pooling: settings.Pooling });
}
