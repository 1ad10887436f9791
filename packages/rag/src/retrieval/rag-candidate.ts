/** A chunk found for a query, with how well it matched; the unit every retrieval stage works on. */
export interface RagCandidate {
  /** Unique per chunk within a collection, e.g. `<sourceId>#<chunk index>`. */
  readonly chunkId: string;
  readonly sourceId: string;
  readonly text: string;
  /** Character offsets of the chunk in its source (`end` exclusive). */
  readonly start: number;
  readonly end: number;
  /** Higher is better; only comparable between candidates of the same origin. */
  readonly score: number;
  /** Where the score comes from. */
  readonly origin: 'vector' | 'lexical' | 'rrf' | 'web' | 'cross-encoder';
  /** The headings above the chunk, outermost first. */
  readonly headings?: readonly string[];
}
