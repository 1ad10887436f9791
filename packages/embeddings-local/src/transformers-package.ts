import { createRequire } from 'node:module';
import { TransformersMissingError } from './errors/local-embeddings-errors.js';

/** The optional peer dependency that runs ONNX models (with onnxruntime-node, on CPU). */
export const transformersPackage = '@huggingface/transformers';

/** The parts of `@huggingface/transformers` used here. */
export interface TransformersPackage {
  readonly env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    useFSCache: boolean;
    useBrowserCache: boolean;
  };
  pipeline(
    task: 'feature-extraction',
    model: string,
    options: {
      readonly dtype: 'fp32';
      readonly subfolder: string;
      readonly local_files_only: true;
      readonly device: 'cpu';
    },
  ): Promise<FeatureExtractor>;
}

/** A feature-extraction pipeline: texts in, one pooled vector per text out. */
export interface FeatureExtractor {
  (
    texts: string[],
    options: { readonly pooling: 'mean' | 'cls'; readonly normalize: boolean },
  ): Promise<{ readonly dims: readonly number[]; tolist(): unknown }>;
  dispose(): Promise<void>;
}

/** Throws `TransformersMissingError` at once (at start) when the package cannot be found; loads nothing. */
export function assertTransformersInstalled(specifier: string = transformersPackage): void {
  try {
    createRequire(import.meta.url).resolve(specifier);
  } catch (error) {
    throw new TransformersMissingError(error);
  }
}

/**
 * Imports the package when the model first loads, and turns off every download:
 * models come from local folders only (`env.allowRemoteModels = false`), and
 * nothing is cached on the side.
 */
export async function importTransformers(specifier: string = transformersPackage): Promise<TransformersPackage> {
  let transformers: TransformersPackage;
  try {
    transformers = (await import(specifier)) as TransformersPackage;
  } catch (error) {
    if (isModuleNotFound(error)) throw new TransformersMissingError(error);
    throw error;
  }
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.useFSCache = false;
  transformers.env.useBrowserCache = false;
  return transformers;
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
