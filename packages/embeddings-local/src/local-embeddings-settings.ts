import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The local models: the bundled English sentence encoder, or an ONNX sentence-transformer from a folder. */
export const localEmbeddingModels = ['universal-sentence-encoder', 'onnx'] as const;

export type LocalEmbeddingModel = (typeof localEmbeddingModels)[number];

export const localEmbeddingsSettings = defineSettingsSection(
  'Svc:Embeddings:Local',
  z.object({
    Model: z
      .enum(localEmbeddingModels)
      .default('universal-sentence-encoder')
      .describe(
        'universal-sentence-encoder: the English model shipped in the package (512 dimensions, no set-up); onnx: the sentence-transformer in ModelPath.',
      ),
    ModelPath: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'Model onnx: the folder of the model (model.onnx or onnx/model.onnx, tokenizer.json, tokenizer_config.json, config.json), relative to the working directory. Nothing is downloaded.',
      ),
    Pooling: z
      .enum(['mean', 'cls'])
      .default('mean')
      .describe('Model onnx: how token vectors become one sentence vector: their mean, or the first token.'),
    Normalize: z.boolean().default(true).describe('Scale every vector to length 1, so dot product equals cosine.'),
    BatchSize: z
      .number()
      .int()
      .min(1)
      .max(1024)
      .default(32)
      .describe('Most texts run through the model at once; larger batches are split.'),
  }),
  { description: 'Embeddings on this machine, offline (@orkeon/embeddings-local).' },
);

export type LocalEmbeddingsSettings = SectionSettings<typeof localEmbeddingsSettings>;
