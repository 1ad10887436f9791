import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:Rag:OnnxReranker`: the local cross-encoder that `Svc:Rag:Rerank:Kind = onnx` runs. */
export const onnxRerankerSettings = defineSettingsSection(
  'Svc:Rag:OnnxReranker',
  z.object({
    ModelDirectory: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The cross-encoder folder (model.onnx and tokenizer.json, as optimum-cli export onnx writes them), relative to the working directory. Without it no ONNX reranker is registered. Nothing is downloaded.',
      ),
    ModelFile: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The graph inside ModelDirectory, e.g. onnx/model_qint8_avx512.onnx; default the first of model.onnx, onnx/model.onnx, model_quantized.onnx, onnx/model_quantized.onnx.',
      ),
    MaxLength: z
      .number()
      .int()
      .min(16)
      .max(8192)
      .default(512)
      .describe(
        "Most tokens of one question and passage pair; longer passages are cut (the question is kept). Lowered to the tokenizer's model_max_length when that is smaller.",
      ),
    BatchSize: z.number().int().min(1).max(1024).default(16).describe('Pairs scored by one run of the model.'),
    Threads: z
      .number()
      .int()
      .min(1)
      .max(256)
      .optional()
      .describe("onnxruntime's intra-op threads; default its own choice (one per physical core)."),
  }),
  {
    description:
      'The local cross-encoder reranker (@orkeon/rag-onnx): an ONNX model from a folder, run on the CPU by onnxruntime-node.',
  },
);

export type OnnxRerankerSettings = SectionSettings<typeof onnxRerankerSettings>;
