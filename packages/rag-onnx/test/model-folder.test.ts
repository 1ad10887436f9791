import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createTemporaryDirectory,
  type TemporaryDirectory,
  type TinyFolderOptions,
  writeTinyCrossEncoder,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OnnxCrossEncoderReranker,
  OnnxModelFolderError,
  OnnxModelLoadError,
  OnnxModelUnsupportedError,
  OnnxTokenizerError,
  RagOnnxError,
} from '../src/index.js';
import { candidatesOf } from './support/candidates.js';

// What the reranker finds in a model folder, and the errors a folder that will not do gets at the
// first rerank: each names the path, what is wrong and the fix.

let folder: TemporaryDirectory;
let model: string;
const rerankers: OnnxCrossEncoderReranker[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-rag-onnx-folder-');
  model = join(folder.path, 'model');
});
afterEach(async () => {
  await Promise.all(rerankers.splice(0).map((reranker) => reranker.dispose()));
  await folder.remove();
});

function rerankerFor(modelFile?: string): OnnxCrossEncoderReranker {
  const reranker = new OnnxCrossEncoderReranker({ modelDirectory: model, modelFile });
  rerankers.push(reranker);
  return reranker;
}

const firstRerank = (reranker: OnnxCrossEncoderReranker) =>
  reranker.rerank('How many hearts does an octopus have?', candidatesOf(['The octopus has three hearts.', 'Owls.']), 1);

async function failureOf(promise: Promise<unknown>): Promise<RagOnnxError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(RagOnnxError.isInstance(error)).toBe(true);
  return error as RagOnnxError;
}

const exportCommand = 'optimum-cli export onnx --model cross-encoder/ms-marco-MiniLM-L-6-v2';

describe('the model folder', () => {
  it.each([
    ['model.onnx', 'model.onnx'],
    ['onnx/model.onnx', 'onnx/model.onnx'],
    ['model_quantized.onnx', 'model_quantized.onnx'],
    ['onnx/model_quantized.onnx', 'onnx/model_quantized.onnx'],
  ])('finds the graph at %s', async (file, expected) => {
    await writeTinyCrossEncoder(model, { modelFile: file });
    expect((await rerankerFor().load()).modelFile).toBe(join(model, expected));
  });

  it('prefers model.onnx to onnx/model.onnx, and uses the file ModelFile names instead', async () => {
    await writeTinyCrossEncoder(model, { modelFile: 'onnx/model.onnx' });
    await writeTinyCrossEncoder(model, { modelFile: 'model.onnx' });
    await writeTinyCrossEncoder(model, { modelFile: 'onnx/model_qint8_avx512.onnx', output: 'two-classes' });
    expect((await rerankerFor().load()).modelFile).toBe(join(model, 'model.onnx'));
    const chosen = rerankerFor('onnx/model_qint8_avx512.onnx');
    expect((await chosen.load()).modelFile).toBe(join(model, 'onnx', 'model_qint8_avx512.onnx'));
    // The chosen graph is the one that runs: its two-class output scores sigmoid(2 × logit).
    const [best] = await firstRerank(chosen);
    expect(best?.score).toBeCloseTo(1 / (1 + Math.exp(-8)), 5);
  });

  it('does not exist: the error names the path and how to export a model', async () => {
    const error = await failureOf(firstRerank(rerankerFor()));
    expect(OnnxModelFolderError.isInstance(error)).toBe(true);
    expect(error.code).toBe('RAG_ONNX_MODEL_FOLDER_INVALID');
    expect(error.message).toContain(
      `The cross-encoder folder '${model}' (Svc:Rag:OnnxReranker:ModelDirectory) does not exist.`,
    );
    expect(error.message).toContain(exportCommand);
    expect(error.details).toEqual({ folder: model });
  });

  it('is a file', async () => {
    await writeFile(model, 'not a folder');
    expect((await failureOf(firstRerank(rerankerFor()))).message).toContain(`'${model}'`);
    expect((await failureOf(firstRerank(rerankerFor()))).message).toContain('is a file, not a folder');
  });

  it('lacks the model, the tokenizer, or the file ModelFile names', async () => {
    await writeTinyCrossEncoder(model);
    await rm(join(model, 'model.onnx'));
    let error = await failureOf(firstRerank(rerankerFor()));
    expect(error.code).toBe('RAG_ONNX_MODEL_FOLDER_INVALID');
    expect(error.message).toContain('lacks model.onnx (or onnx/model.onnx).');
    expect(error.message).toContain(exportCommand);

    await writeTinyCrossEncoder(model);
    await rm(join(model, 'tokenizer.json'));
    error = await failureOf(firstRerank(rerankerFor()));
    expect(error.message).toContain(`'${model}' (Svc:Rag:OnnxReranker:ModelDirectory) lacks tokenizer.json.`);

    await writeTinyCrossEncoder(model);
    error = await failureOf(firstRerank(rerankerFor('onnx/model_int8.onnx')));
    expect(error.message).toContain('lacks onnx/model_int8.onnx (Svc:Rag:OnnxReranker:ModelFile)');
  });

  it('runs without tokenizer_config.json (its settings are optional)', async () => {
    await writeTinyCrossEncoder(model, { tokenizerConfig: false });
    const reranker = rerankerFor();
    expect((await reranker.load()).maxLength).toBe(512);
    expect((await firstRerank(reranker))[0]?.text).toBe('The octopus has three hearts.');
  });
});

describe('files that are not a cross-encoder', () => {
  it('a tokenizer.json that is not JSON, or not a tokenizer', async () => {
    await writeTinyCrossEncoder(model);
    await writeFile(join(model, 'tokenizer.json'), '{ "model": ');
    let error = await failureOf(firstRerank(rerankerFor()));
    expect(OnnxTokenizerError.isInstance(error)).toBe(true);
    expect(error.code).toBe('RAG_ONNX_TOKENIZER_INVALID');
    expect(error.message).toContain(`'${join(model, 'tokenizer.json')}' is not JSON`);

    await writeFile(join(model, 'tokenizer.json'), JSON.stringify({ model: { type: 'Imaginary' } }));
    error = await failureOf(firstRerank(rerankerFor()));
    expect(error.code).toBe('RAG_ONNX_TOKENIZER_INVALID');
    expect(error.message).toContain('is not a tokenizer @huggingface/tokenizers can read');
  });

  it('a damaged model file', async () => {
    await writeTinyCrossEncoder(model);
    await writeFile(join(model, 'model.onnx'), 'these bytes are not a protobuf model');
    const error = await failureOf(firstRerank(rerankerFor()));
    expect(OnnxModelLoadError.isInstance(error)).toBe(true);
    expect(error.code).toBe('RAG_ONNX_MODEL_LOAD_FAILED');
    expect(error.message).toContain(`onnxruntime could not load the model '${join(model, 'model.onnx')}'`);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it.each<[string, TinyFolderOptions, RegExp]>([
    [
      'three classes per pair',
      { output: 'three-classes' },
      /output 'logits' has the shape \[batch, 3\], not \[batch, 1\]/,
    ],
    ['an input it cannot make', { typeInput: 'position_ids' }, /takes 'position_ids', which the reranker cannot make/],
  ])('a model with %s is refused at load', async (_, options, problem) => {
    await writeTinyCrossEncoder(model, options);
    const error = await failureOf(rerankerFor().load());
    expect(OnnxModelUnsupportedError.isInstance(error)).toBe(true);
    expect(error.code).toBe('RAG_ONNX_MODEL_UNSUPPORTED');
    expect(error.message).toMatch(problem);
    expect(error.message).toContain(`The ONNX model '${join(model, 'model.onnx')}' is not a cross-encoder`);
  });

  it('a model that answers one value per token is refused at its first run, with what it answered', async () => {
    await writeTinyCrossEncoder(model, { output: 'per-token' });
    const reranker = rerankerFor();
    await reranker.load();
    const error = await failureOf(firstRerank(reranker));
    expect(error.code).toBe('RAG_ONNX_MODEL_UNSUPPORTED');
    expect(error.message).toMatch(
      /for 2 pair\(s\) its output 'logits' answered float32 \[2, \d+\], not float32 \[2, 1\]/,
    );
  });

  it('an empty folder made by mistake is reported as lacking both files', async () => {
    await mkdir(model);
    const error = await failureOf(firstRerank(rerankerFor()));
    expect(error.message).toContain('lacks model.onnx (or onnx/model.onnx) and tokenizer.json.');
  });
});
