import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OrkeonError } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type OnnxSentenceEmbeddingOptions, OnnxSentenceEmbeddingProvider } from '../src/index.js';
import {
  expectedMeanVector,
  tinyDimensions,
  tinyOnnxModel,
  writeTinySentenceModel,
} from './support/tiny-sentence-model.js';

const folders: TemporaryDirectory[] = [];
const providers: OnnxSentenceEmbeddingProvider[] = [];
afterEach(async () => {
  for (const provider of providers.splice(0)) await provider[Symbol.asyncDispose]();
  for (const folder of folders.splice(0)) await folder.remove();
});

async function modelFolder(options: Parameters<typeof writeTinySentenceModel>[1] = {}): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-onnx-model-');
  folders.push(folder);
  const path = join(folder.path, 'tiny-model');
  await writeTinySentenceModel(path, options);
  return path;
}

function provider(options: OnnxSentenceEmbeddingOptions): OnnxSentenceEmbeddingProvider {
  const made = new OnnxSentenceEmbeddingProvider(options);
  providers.push(made);
  return made;
}

function refusal(make: () => unknown): OrkeonError {
  try {
    make();
  } catch (error) {
    if (OrkeonError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function expectVectors(actual: number[][], expected: number[][]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((vector, row) => {
    expect(vector).toHaveLength(tinyDimensions);
    vector.forEach((value, column) => {
      expect(value).toBeCloseTo(expected[row]?.[column] ?? Number.NaN, 6);
    });
  });
}

describe('OnnxSentenceEmbeddingProvider on a model the test wrote by hand', () => {
  it('mean-pools the token vectors over the real tokens and scales them to length 1', async () => {
    const embeddings = provider({ modelPath: await modelFolder(), batchSize: 8 });
    expect(embeddings.model).toBe('onnx:tiny-model');
    expect(embeddings.dimensions).toBe(tinyDimensions);
    // One batch of texts of different lengths: the shorter ones are padded, and padding must not count.
    const vectors = await embeddings.embed(['cats purr', 'Dogs bark loudly', 'cats']);
    expectVectors(vectors, [
      expectedMeanVector(['cats', 'purr'], true),
      expectedMeanVector(['dogs', 'bark', 'loudly'], true),
      expectedMeanVector(['cats'], true),
    ]);
  });

  it('gives the plain means with normalize false, in batches of the size asked for', async () => {
    const embeddings = provider({ modelPath: await modelFolder(), normalize: false, batchSize: 2 });
    const vectors = await embeddings.embed(['cats purr', 'dogs bark loudly', 'cats purr softly']);
    // By hand: mean of [1,0,0,0] and [2,0,2,0]; of [0,1,0,0], [0,2,0,2] and [0,1,0,3]; of three rows.
    expectVectors(vectors, [
      [1.5, 0, 1, 0],
      [0, 4 / 3, 0, 5 / 3],
      [4 / 3, 0, 5 / 3, 0],
    ]);
  });

  it('takes the first token with pooling cls, and reads model.onnx from the folder itself', async () => {
    const embeddings = provider({ modelPath: await modelFolder({ layout: 'root' }), pooling: 'cls', normalize: false });
    expectVectors(await embeddings.embed(['purr cats', 'loudly dogs']), [
      [2, 0, 2, 0],
      [0, 1, 0, 3],
    ]);
  });

  it('refuses a folder that does not exist, is a file, or lacks files, naming what it needs and how to fetch it', async () => {
    const missing = refusal(() => new OnnxSentenceEmbeddingProvider({ modelPath: '/nonexistent/orkeon-model' }));
    expect(missing.code).toBe('LOCAL_EMBEDDINGS_MODEL_FOLDER_INVALID');
    expect(missing.message).toContain("'/nonexistent/orkeon-model' (Svc:Embeddings:Local:ModelPath) does not exist");
    expect(missing.message).toContain(
      'model.onnx (or onnx/model.onnx), tokenizer.json, tokenizer_config.json and config.json',
    );
    expect(missing.message).toContain('hf download Xenova/all-MiniLM-L6-v2');

    const path = await modelFolder();
    expect(
      refusal(() => new OnnxSentenceEmbeddingProvider({ modelPath: join(path, 'config.json') })).message,
    ).toContain('is a file, not a folder');
    const incomplete = await modelFolder({ without: ['model.onnx', 'tokenizer.json'] });
    expect(refusal(() => new OnnxSentenceEmbeddingProvider({ modelPath: incomplete })).message).toContain(
      'lacks model.onnx (or onnx/model.onnx), tokenizer.json.',
    );
  });

  it('says which package to install when @huggingface/transformers cannot be found, at the first embed', async () => {
    const embeddings = provider({
      modelPath: await modelFolder(),
      transformersSpecifier: '@huggingface/not-installed',
    });
    const error = await embeddings.embed(['cats']).catch((rejected: unknown) => rejected);
    expect(OrkeonError.isInstance(error) && error.code).toBe('LOCAL_EMBEDDINGS_TRANSFORMERS_MISSING');
    expect((error as Error).message).toContain('npm install @huggingface/transformers');
  });

  it('reports a damaged model file as a load failure, and tries again once the file is mended', async () => {
    const path = await modelFolder();
    const damaged = join(path, 'onnx', 'model.onnx');
    await writeFile(damaged, 'not an onnx graph');
    const embeddings = provider({ modelPath: path });
    const error = await embeddings.embed(['cats']).catch((rejected: unknown) => rejected);
    expect(OrkeonError.isInstance(error) && error.code).toBe('LOCAL_EMBEDDINGS_MODEL_LOAD_FAILED');
    expect((error as Error).message).toContain("The local embedding model 'onnx:tiny-model' could not be loaded");
    await writeFile(damaged, tinyOnnxModel());
    expectVectors(await embeddings.embed(['cats']), [expectedMeanVector(['cats'], true)]);
  });

  it('refuses a batch size below 1 given in code', async () => {
    const modelPath = await modelFolder();
    const error = refusal(() => new OnnxSentenceEmbeddingProvider({ modelPath, batchSize: 0 }));
    expect(error.code).toBe('LOCAL_EMBEDDINGS_OPTION_INVALID');
    expect(error.message).toBe("The option 'batchSize' is 0; use a whole number of 1 or more.");
  });
});
