import { join } from 'node:path';
import {
  createTemporaryDirectory,
  tinyCrossEncoderRelevance as expectedRelevance,
  type TemporaryDirectory,
  type TinyFolderOptions,
  writeTinyCrossEncoder,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OnnxCrossEncoderOptions, OnnxCrossEncoderReranker } from '../src/index.js';
import { candidatesOf, repeated } from './support/candidates.js';

// The reranker on a real ONNX graph run by onnxruntime-node: the tiny cross-encoder adds up weights of
// the passage's tokens (octopus 3, octopuses 3, hearts 2) and subtracts 1, so its order is known.

let folder: TemporaryDirectory;
const rerankers: OnnxCrossEncoderReranker[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-rag-onnx-');
});
afterEach(async () => {
  await Promise.all(rerankers.splice(0).map((reranker) => reranker.dispose()));
  await folder.remove();
});

async function rerankerOn(
  model: TinyFolderOptions = {},
  options: Omit<OnnxCrossEncoderOptions, 'modelDirectory'> = {},
): Promise<OnnxCrossEncoderReranker> {
  const directory = await writeTinyCrossEncoder(join(folder.path, 'model'), model);
  const reranker = new OnnxCrossEncoderReranker({ modelDirectory: directory, ...options });
  rerankers.push(reranker);
  return reranker;
}

const question = 'How many hearts does an octopus have?';
const passages = [
  'Owls hunt at night.',
  'How many animals have three heart organs? A quiz.',
  'The octopus has three hearts.',
  'Octopuses have blue blood.',
];

describe('OnnxCrossEncoderReranker', () => {
  it('orders the candidates by the model’s relevance, scores them with its sigmoid and keeps the rest of each candidate', async () => {
    const reranker = await rerankerOn();
    const ranked = await reranker.rerank(question, candidatesOf(passages), 10);
    expect(reranker.kind).toBe('onnx');
    expect(ranked.map((candidate) => candidate.text)).toEqual([
      'The octopus has three hearts.',
      'Octopuses have blue blood.',
      // Equal scores keep the order they came in.
      'Owls hunt at night.',
      'How many animals have three heart organs? A quiz.',
    ]);
    expect(ranked[0]?.score).toBeCloseTo(expectedRelevance(3 + 2), 5);
    expect(ranked[1]?.score).toBeCloseTo(expectedRelevance(3), 5);
    // The question's own "octopus" and "hearts" are segment 0: they do not count for any passage.
    expect(ranked[2]?.score).toBeCloseTo(expectedRelevance(0), 5);
    expect(ranked[3]?.score).toBeCloseTo(expectedRelevance(0), 5);
    expect(ranked[0]).toEqual({
      chunkId: 'doc-2#0',
      sourceId: 'doc-2',
      text: 'The octopus has three hearts.',
      start: 0,
      end: 29,
      score: ranked[0]?.score,
      origin: 'cross-encoder',
    });
  });

  it('keeps at most `keep` candidates, and loads nothing when there is nothing to order', async () => {
    const reranker = await rerankerOn();
    expect((await reranker.rerank(question, candidatesOf(passages), 2)).map((c) => c.sourceId)).toEqual([
      'doc-2',
      'doc-3',
    ]);
    expect(await reranker.rerank(question, candidatesOf(passages), 0)).toEqual([]);
    const nowhere = new OnnxCrossEncoderReranker({ modelDirectory: join(folder.path, 'missing') });
    expect(await nowhere.rerank(question, [], 5)).toEqual([]);
  });

  it('scores more candidates than a batch holds, in batches, with the same result as one batch', async () => {
    // 40 passages of different lengths with 0 to 6 "hearts": relevance rises with the count.
    const texts = Array.from({ length: 40 }, (_, index) =>
      `${repeated('filler', index % 5)} ${repeated('hearts', index % 7)} owls`.trim(),
    );
    const small = await rerankerOn({}, { batchSize: 3 });
    const ranked = await small.rerank(question, candidatesOf(texts), 40);
    const expected = texts
      .map((_, index) => ({ index, hearts: index % 7 }))
      .sort((a, b) => b.hearts - a.hearts)
      .map((entry) => `doc-${entry.index}`);
    expect(ranked.map((candidate) => candidate.sourceId)).toEqual(expected);
    for (const candidate of ranked) {
      const hearts = Number(candidate.sourceId.slice('doc-'.length)) % 7;
      expect(candidate.score).toBeCloseTo(expectedRelevance(2 * hearts), 5);
    }
    const large = new OnnxCrossEncoderReranker({ modelDirectory: join(folder.path, 'model'), batchSize: 64 });
    rerankers.push(large);
    expect(await large.rerank(question, candidatesOf(texts), 40)).toEqual(ranked);
  });

  it('cuts long passages to MaxLength tokens and keeps the question', async () => {
    const reranker = await rerankerOn({}, { maxLength: 64 });
    const ranked = await reranker.rerank(
      question,
      candidatesOf([`${repeated('filler', 2000)} octopus`, `octopus ${repeated('filler', 2000)}`, 'owls']),
      3,
    );
    // The first passage's "octopus" is beyond the 64 tokens; the second's is in.
    expect(ranked.map((candidate) => candidate.sourceId)).toEqual(['doc-1', 'doc-0', 'doc-2']);
    expect(ranked[0]?.score).toBeCloseTo(expectedRelevance(3), 5);
    expect(ranked[1]?.score).toBeCloseTo(expectedRelevance(0), 5);
    // A question longer than the model's length is cut too, and the passage still gets room.
    const long = await reranker.rerank(repeated('question', 500), candidatesOf(['owls', 'octopus']), 2);
    expect(long.map((candidate) => candidate.sourceId)).toEqual(['doc-1', 'doc-0']);
  });

  it('follows the tokenizer files: model_max_length lowers MaxLength, truncation_side left keeps the end', async () => {
    const lowered = await rerankerOn({ tokenizerConfig: { model_max_length: 32 } });
    expect((await lowered.load()).maxLength).toBe(32);
    const [cut] = await lowered.rerank(question, candidatesOf([`${repeated('filler', 40)} octopus`]), 1);
    expect(cut?.score).toBeCloseTo(expectedRelevance(0), 5);
    await folder.remove();
    const left = await rerankerOn({ tokenizerConfig: { model_max_length: 32, truncation_side: 'left' } });
    const [kept] = await left.rerank(question, candidatesOf([`${repeated('filler', 40)} octopus`]), 1);
    expect(kept?.score).toBeCloseTo(expectedRelevance(3), 5);
  });

  it('reads a two-class output by its positive (second) column', async () => {
    const reranker = await rerankerOn({ output: 'two-classes' });
    const ranked = await reranker.rerank(question, candidatesOf(passages), 4);
    expect(ranked.map((candidate) => candidate.sourceId)).toEqual(['doc-2', 'doc-3', 'doc-0', 'doc-1']);
    // Columns (−logit, logit): the positive class's softmax probability is sigmoid(2 × logit).
    expect(ranked[0]?.score).toBeCloseTo(1 / (1 + Math.exp(-2 * 4)), 5);
  });

  it('feeds only the inputs the model declares, as int64 or int32', async () => {
    const withoutTypes = await rerankerOn({ typeInput: 'none' });
    expect((await withoutTypes.load()).inputs).toEqual(['input_ids', 'attention_mask']);
    const ranked = await withoutTypes.rerank(question, candidatesOf(passages), 1);
    expect(ranked[0]?.sourceId).toBe('doc-2');
    await folder.remove();
    const int32 = await rerankerOn({ inputType: 'int32' });
    expect((await int32.rerank(question, candidatesOf(passages), 1))[0]?.sourceId).toBe('doc-2');
  });

  it('loads the model once for concurrent first calls, and again after dispose', async () => {
    const reranker = await rerankerOn();
    const [first, second] = await Promise.all([reranker.load(), reranker.load()]);
    expect(first).toBe(second);
    expect(first.modelFile).toBe(join(folder.path, 'model', 'model.onnx'));
    expect(first.output).toBe('logits');
    const both = await Promise.all([
      reranker.rerank(question, candidatesOf(passages), 1),
      reranker.rerank(question, candidatesOf(passages), 1),
    ]);
    expect(both.map((ranked) => ranked[0]?.sourceId)).toEqual(['doc-2', 'doc-2']);
    expect(await reranker.load()).toBe(first);
    await reranker.dispose();
    const reloaded = await reranker.load();
    expect(reloaded).not.toBe(first);
    expect(reloaded).toEqual(first);
  });

  it('tries a failed load again: a folder made after the first failure is used', async () => {
    const directory = join(folder.path, 'later');
    const reranker = new OnnxCrossEncoderReranker({ modelDirectory: directory });
    rerankers.push(reranker);
    await expect(reranker.rerank(question, candidatesOf(passages), 1)).rejects.toMatchObject({
      code: 'RAG_ONNX_MODEL_FOLDER_INVALID',
    });
    await writeTinyCrossEncoder(directory);
    expect((await reranker.rerank(question, candidatesOf(passages), 1))[0]?.sourceId).toBe('doc-2');
  });

  it('stops when the signal is aborted: before loading, and between batches', async () => {
    const aborted = new AbortController();
    const reason = new Error('the caller gave up');
    aborted.abort(reason);
    // A folder that does not exist: the abort is seen before any load is tried.
    const nowhere = new OnnxCrossEncoderReranker({ modelDirectory: join(folder.path, 'missing') });
    await expect(nowhere.rerank(question, candidatesOf(passages), 1, aborted.signal)).rejects.toBe(reason);

    const reranker = await rerankerOn({}, { batchSize: 1 });
    await reranker.load();
    const many = candidatesOf(Array.from({ length: 64 }, (_, index) => `${repeated('hearts', index % 3)} owls`));
    expect(await reranker.rerank(question, many, 3, new AbortController().signal)).toHaveLength(3);
    const controller = new AbortController();
    const running = reranker.rerank(question, many, 3, controller.signal);
    // Each batch is one model run answered on a later turn of the event loop: 64 of them cannot finish first.
    setImmediate(() => controller.abort(reason));
    await expect(running).rejects.toBe(reason);
  });

  it('refuses options out of range when constructed', () => {
    expect(() => new OnnxCrossEncoderReranker({ modelDirectory: ' ' })).toThrow(
      expect.objectContaining({ code: 'RAG_ONNX_OPTION_INVALID' }),
    );
    expect(() => new OnnxCrossEncoderReranker({ modelDirectory: 'm', batchSize: 0 })).toThrow(
      "The option 'batchSize' is 0; use a whole number from 1 to 1024.",
    );
    expect(() => new OnnxCrossEncoderReranker({ modelDirectory: 'm', maxLength: 100.5 })).toThrow(/'maxLength'/);
    expect(() => new OnnxCrossEncoderReranker({ modelDirectory: 'm', threads: 0 })).toThrow(/'threads'/);
  });
});
