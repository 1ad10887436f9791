import { cosineSimilarity } from '@orkeon/core';
/** A vector as base64 of its float32 bytes: a quarter of the JSON text of its numbers. */
export function encodeVector(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function decodeVector(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  // A copy: the buffer's memory may be shared and not aligned for floats.
  return new Float32Array(new Uint8Array(bytes).buffer);
}

/** Cosine similarity; 0 when either vector is all zeros or their lengths differ (vectors of another model). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a.length === b.length ? cosineSimilarity(a, b) : 0;
}
