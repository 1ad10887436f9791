import type { RagCandidate } from '../../src/retrieval/rag-candidate.js';

/** A candidate for tests: chunk `<sourceId>#0` by default, offsets matching the text. */
export function candidate(chunkId: string, fields: Partial<RagCandidate> = {}): RagCandidate {
  const text = fields.text ?? `text of ${chunkId}`;
  return {
    chunkId,
    sourceId: chunkId.split('#')[0] ?? chunkId,
    text,
    start: 0,
    end: text.length,
    score: 1,
    origin: 'vector',
    ...fields,
  };
}

export function chunkIdsOf(candidates: readonly RagCandidate[]): string[] {
  return candidates.map((found) => found.chunkId);
}
