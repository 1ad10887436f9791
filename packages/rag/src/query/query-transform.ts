import type { RagCandidate } from '../retrieval/rag-candidate.js';
import { reciprocalRankFusion } from '../retrieval/reciprocal-rank-fusion.js';
import type { RagModel } from './rag-model.js';

export const queryTransforms = ['none', 'multi-query', 'rag-fusion', 'hyde'] as const;
export type QueryTransform = (typeof queryTransforms)[number];

/** The texts a query searches with: for the vectors, and for the words (always the question as asked). */
export interface TransformedQuery {
  readonly vectorTexts: readonly string[];
  readonly lexicalText: string;
}

/**
 * The `transform` stage. `multi-query` and `rag-fusion` add rephrasings of the question written by
 * the model (more ways to meet the words of a passage); `hyde` searches the vectors with a passage
 * the model imagines as the answer, which sits nearer real answers than a question does.
 */
export async function transformQuery(
  transform: QueryTransform,
  question: string,
  options: { model: RagModel | undefined; variants: number; signal?: AbortSignal | undefined },
): Promise<TransformedQuery> {
  if (transform === 'none' || options.model === undefined) return { vectorTexts: [question], lexicalText: question };
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  if (transform === 'hyde') {
    const { output } = await options.model.complete(`Question: ${question}`, {
      system:
        'Write one short passage, as it might appear in a reference document, that answers the question. Write only the passage.',
      temperature: 0,
      maxTokens: 200,
      ...signal,
    });
    return { vectorTexts: [output.trim() === '' ? question : output.trim()], lexicalText: question };
  }
  const { output } = await options.model.complete(`Question: ${question}`, {
    system: `Write ${options.variants} different rephrasings of the question, one per line, without numbers or comments.`,
    temperature: 0,
    maxTokens: 60 * options.variants,
    ...signal,
  });
  const variants = output
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((line) => line !== '' && line !== question)
    .slice(0, options.variants);
  return { vectorTexts: [question, ...variants], lexicalText: question };
}

/**
 * How the lists of several query texts become one: `multi-query` takes their union (each
 * chunk with its best score), `rag-fusion` fuses their ranks (reciprocal rank fusion).
 */
export function mergeTransformedLists(
  transform: QueryTransform,
  lists: readonly (readonly RagCandidate[])[],
  rrfK: number,
): RagCandidate[] {
  if (lists.length === 1) return [...(lists[0] ?? [])];
  if (transform === 'rag-fusion') return reciprocalRankFusion(lists, rrfK);
  const best = new Map<string, RagCandidate>();
  for (const candidate of lists.flat()) {
    const known = best.get(candidate.chunkId);
    if (known === undefined || candidate.score > known.score) best.set(candidate.chunkId, candidate);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1));
}
