import type { EmbeddingProvider } from '@orkeon/core';

const dimensions = 64;

/**
 * Vectors that count hashed words: texts that share words are near. Enough for the vector stage
 * to have an order of its own (the word overlap) for the cross-encoder to overturn.
 */
export const wordEmbeddings: EmbeddingProvider = {
  model: 'hashed-words',
  dimensions,
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Array<number>(dimensions).fill(0);
      for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
        const bucket = [...word].reduce(
          (hash, character) => (hash * 31 + (character.codePointAt(0) ?? 0)) % dimensions,
          7,
        );
        vector[bucket] = (vector[bucket] ?? 0) + 1;
      }
      return vector;
    });
  },
};
