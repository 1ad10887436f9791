import { estimateTokens } from './token-estimate.js';

/** Where OpenAI-dialect clients ask for embeddings (`@ai-sdk/openai`'s `embeddingModel`, `@ai-sdk/openai-compatible`'s). */
export const openAiEmbeddingsPath = '/v1/embeddings';

/** Length of the scripted vectors when the request asks for none (`dimensions`). */
export const defaultScriptedEmbeddingDimensions = 64;

/** Largest `dimensions` a request may ask for. */
const maxDimensions = 4096;

/**
 * The vector the scripted model server gives `text`: every word (letters and digits, lower
 * case) adds ±1 at a position its hash picks, and the sum is scaled to length 1. The same
 * text always gets the same vector, and texts that share words are nearer each other
 * than texts that share none, which is enough for tests of search and selection. A text
 * without words gets the vector of the text as a whole, so no vector is all zeros.
 */
export function scriptedEmbedding(text: string, dimensions = defaultScriptedEmbeddingDimensions): number[] {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxDimensions)
    throw new RangeError(`dimensions must be a whole number from 1 to ${maxDimensions}, not ${String(dimensions)}.`);
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [text];
  for (const word of words) {
    const hash = fnv1a(word);
    const position = hash % dimensions;
    vector[position] = (vector[position] ?? 0) + (hash >>> 31 === 1 ? -1 : 1);
  }
  const length = Math.hypot(...vector);
  // Opposite signs of one position can cancel out; the first position then stands for the text.
  if (length === 0) return vector.map((_, position) => (position === 0 ? 1 : 0));
  return vector.map((value) => value / length);
}

/** What the embeddings route answers: the status and the body, in OpenAI's shapes. */
export type EmbeddingsAnswer =
  | { readonly status: 200; readonly body: Record<string, unknown> }
  | { readonly status: 400; readonly message: string };

/**
 * The answer to an embeddings request body: one scripted vector per input, in order,
 * as float arrays or, when `encoding_format` is `base64`, as little-endian float32
 * bytes in base64 (both as OpenAI sends them). No scripted turn is used.
 */
export function answerEmbeddings(body: Readonly<Record<string, unknown>>): EmbeddingsAnswer {
  const { input, model, dimensions, encoding_format: encoding } = body;
  if (typeof model !== 'string' || model === '') return invalid("'model' must be the name of a model.");
  const texts = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((text) => typeof text === 'string'))
    return invalid("'input' must be a text or a non-empty array of texts (token arrays are not embedded here).");
  if (
    dimensions !== undefined &&
    (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxDimensions)
  )
    return invalid(`'dimensions' must be a whole number from 1 to ${maxDimensions}.`);
  if (encoding !== undefined && encoding !== 'float' && encoding !== 'base64')
    return invalid("'encoding_format' must be 'float' or 'base64'.");
  const length = dimensions ?? defaultScriptedEmbeddingDimensions;
  const tokens = (texts as string[]).reduce((sum, text) => sum + estimateTokens(text.length), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data: (texts as string[]).map((text, index) => {
        const vector = scriptedEmbedding(text, length);
        return { object: 'embedding', index, embedding: encoding === 'base64' ? base64Of(vector) : vector };
      }),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}

function invalid(message: string): EmbeddingsAnswer {
  return { status: 400, message: `scripted model server: ${message}` };
}

function base64Of(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

/** FNV-1a, 32 bits: a small, well-spread hash of the word's UTF-8 bytes. */
function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(word)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
