import { cosineSimilarity } from '@orkeon/core';
import { afterAll, describe, expect, it } from 'vitest';
import { UniversalSentenceEncoderProvider } from '../src/index.js';

// One model for the file: it loads once, on the first embed (about 1.5 s).
const encoder = new UniversalSentenceEncoderProvider({ batchSize: 2 });
afterAll(async () => {
  await encoder[Symbol.asyncDispose]();
});

describe('UniversalSentenceEncoderProvider (the real bundled model)', () => {
  it('gives 512 numbers of length 1 per text, in order, and says so before the first call', async () => {
    expect(encoder.model).toBe('universal-sentence-encoder-lite');
    expect(encoder.dimensions).toBe(512);
    const texts = ['The cat sits on the mat.', 'Stock markets fell sharply today.', 'Hello'];
    const vectors = await encoder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(512);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
    }
    // Each text's own vector, whatever batch it ran in (batches of 2 here).
    const [alone] = await encoder.embed(['Hello']);
    expect(cosineSimilarity(alone ?? [], vectors[2] ?? [])).toBeGreaterThan(0.999_999);
  });

  it('puts a sentence nearer its paraphrase than an unrelated sentence', async () => {
    const [weather, paraphrase, invoice] = await encoder.embed([
      'The weather is lovely today.',
      'It is a beautiful sunny day.',
      'The invoice is overdue by three weeks.',
    ]);
    const near = cosineSimilarity(weather ?? [], paraphrase ?? []);
    const far = cosineSimilarity(weather ?? [], invoice ?? []);
    expect(near).toBeGreaterThan(0.6);
    expect(far).toBeLessThan(0.3);
  });

  it('is deterministic: the same text gives the same vector, call after call', async () => {
    const first = await encoder.embed(['Deterministic embeddings are easy to test.']);
    const second = await encoder.embed(['Deterministic embeddings are easy to test.']);
    expect(second).toEqual(first);
  });

  it('keeps one vector per text when a text is empty (the encoder alone would drop its row)', async () => {
    const vectors = await encoder.embed(['a cat', '', 'a dog']);
    expect(vectors).toHaveLength(3);
    const [cat] = await encoder.embed(['a dog']);
    expect(cosineSimilarity(vectors[2] ?? [], cat ?? [])).toBeGreaterThan(0.999_999);
  });

  it('answers no texts without loading anything, and stops when the signal has aborted', async () => {
    expect(await new UniversalSentenceEncoderProvider().embed([])).toEqual([]);
    const controller = new AbortController();
    controller.abort(new Error('stopped by the caller'));
    await expect(encoder.embed(['x'], { signal: controller.signal })).rejects.toThrow('stopped by the caller');
  });
});
