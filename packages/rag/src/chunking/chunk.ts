/** A piece of a document's text, with where it lies in it (character offsets, `end` exclusive). */
export interface TextChunk {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The headings above the chunk (structural chunking of markdown), outermost first. */
  readonly headings?: readonly string[];
}

export const chunkingStrategies = ['recursive', 'sentence', 'structural', 'semantic'] as const;
export type ChunkingStrategy = (typeof chunkingStrategies)[number];

/** Sizes are in characters. */
export interface ChunkingOptions {
  /** Default 1000. */
  readonly size?: number;
  /** Characters shared by neighbouring chunks; default 200, less than `size`. */
  readonly overlap?: number;
}
