import { LocalEmbeddingsOptionError } from './errors/local-embeddings-errors.js';

/** A batch size given in code, checked (settings are checked by their schema). */
export function checkedBatchSize(batchSize: number | undefined): number {
  const size = batchSize ?? 32;
  if (!Number.isInteger(size) || size < 1)
    throw new LocalEmbeddingsOptionError('batchSize', size, 'a whole number of 1 or more');
  return size;
}

/** `items` in consecutive groups of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
