import { defineTool, type EmbeddingProvider, type Tool } from '@orkeon/core';
import { z } from 'zod';

export const localEmbedTextToolName = 'local_embed_text';

/** Longest text the tool takes: a few pages; longer texts are better split by the caller. */
const maxTextCharacters = 20_000;

export interface LocalEmbedTextInput {
  readonly text: string;
}

/**
 * `local_embed_text`: the vector of a text from the local embedding model, offline,
 * with the model's name and the vector's length. Values keep 6 decimals, so that a
 * 512-number vector fits the tool's result as JSON.
 */
export function createLocalEmbedTextTool(embeddings: EmbeddingProvider): Tool<LocalEmbedTextInput> {
  return defineTool({
    name: localEmbedTextToolName,
    description:
      'Turns a text into a vector with the local embedding model, on this machine and offline. Texts of similar meaning get vectors with a high cosine similarity. Returns { model, dimensions, embedding }.',
    input: z.strictObject({
      text: z.string().min(1).max(maxTextCharacters).describe('The text to embed (English works best).'),
    }),
    access: 'Read',
    maxResultCharacters: 64_000,
    async execute({ text }, context) {
      const [vector = []] = await embeddings.embed([text], { signal: context.signal });
      return {
        model: embeddings.model,
        dimensions: vector.length,
        embedding: vector.map((value) => Math.round(value * 1e6) / 1e6),
      };
    },
  });
}
