import type { ChunkingOptions } from './chunk.js';

export interface ResolvedChunkingOptions {
  readonly size: number;
  readonly overlap: number;
}

const defaultSize = 1000;
const defaultOverlap = 200;
const minimumSize = 50;

/**
 * The options with their defaults, or a plain Error naming the problem and its fix.
 * When only a small size is given, the default overlap shrinks to a fifth of it, so that leaving the overlap out never makes the options invalid.
 */
export function resolveChunkingOptions(options: ChunkingOptions = {}): ResolvedChunkingOptions {
  const size = options.size ?? defaultSize;
  if (!Number.isInteger(size) || size < minimumSize) {
    throw new Error(
      `Chunk size ${size} is not a whole number of at least ${minimumSize} characters: give an integer size of ${minimumSize} or more (default ${defaultSize}).`,
    );
  }
  const overlap = options.overlap ?? (defaultOverlap < size ? defaultOverlap : Math.floor(size / 5));
  if (!Number.isInteger(overlap) || overlap < 0) {
    throw new Error(
      `Chunk overlap ${overlap} is not a whole number of 0 or more characters: give an integer overlap, 0 for none (default ${defaultOverlap}).`,
    );
  }
  if (overlap >= size) {
    throw new Error(
      `Chunk overlap ${overlap} is not less than the chunk size ${size}: give an overlap below the size.`,
    );
  }
  return { size, overlap };
}
