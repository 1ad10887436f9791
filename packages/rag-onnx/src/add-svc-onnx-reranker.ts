import { resolve } from 'node:path';
import type { Configuration, ServiceCollection } from '@orkeon/core';
import { RagRerankerService } from '@orkeon/rag';
import { OnnxCrossEncoderReranker } from './onnx-cross-encoder-reranker.js';
import { onnxRerankerSettings } from './onnx-reranker-settings.js';

export interface AddSvcOnnxRerankerOptions {
  /** What a relative `ModelDirectory` starts from. Default: the working directory. */
  readonly baseDirectory?: string;
}

/**
 * Registers the local cross-encoder as the RAG reranker (`RagRerankerService`) when
 * `Svc:Rag:OnnxReranker:ModelDirectory` is set; without it, nothing. The settings are judged
 * now; the folder is read, and the model loaded, at the first rerank, which fails naming the
 * path and how to make a model folder. Registered with `tryAdd`: a host's own reranker stays.
 * With a reranker registered, the `balanced`, `quality` and `adaptive` profiles rerank with it by default.
 */
export function addSvcOnnxReranker(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcOnnxRerankerOptions = {},
): ServiceCollection {
  const settings = configuration.get(onnxRerankerSettings);
  if (settings.ModelDirectory === undefined) return services;
  const modelDirectory = resolve(options.baseDirectory ?? process.cwd(), settings.ModelDirectory);
  services.tryAddSingleton(
    RagRerankerService,
    () =>
      new OnnxCrossEncoderReranker({
        modelDirectory,
        modelFile: settings.ModelFile,
        maxLength: settings.MaxLength,
        batchSize: settings.BatchSize,
        threads: settings.Threads,
      }),
  );
  return services;
}
