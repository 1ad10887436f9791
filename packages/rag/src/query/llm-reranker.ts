import type { RagCandidate } from '../retrieval/rag-candidate.js';
import type { RagModel } from './rag-model.js';

const shownCharacters = 500;

/**
 * Listwise rerank: the model reads the numbered candidates and answers their numbers, most
 * relevant first. Numbers it leaves out follow in their first order; an answer that names
 * no candidate keeps the first order, so a confused model never loses a passage.
 */
export async function llmRerank(
  model: RagModel,
  question: string,
  candidates: readonly RagCandidate[],
  keep: number,
  signal?: AbortSignal,
): Promise<RagCandidate[]> {
  if (candidates.length <= 1) return candidates.slice(0, keep);
  const listed = candidates
    .map((candidate, index) => `[${index + 1}] ${candidate.text.slice(0, shownCharacters).replace(/\s+/g, ' ')}`)
    .join('\n');
  const { output } = await model.complete(
    `Question: ${question}\n\nPassages:\n${listed}\n\nAnswer only with the numbers of the passages that help answer the question, most relevant first, separated by commas (e.g. 3, 1, 2).`,
    {
      system: 'You rank passages by how well they answer a question. You answer with passage numbers only.',
      temperature: 0,
      maxTokens: 100,
      ...(signal === undefined ? {} : { signal }),
    },
  );
  const chosen: number[] = [];
  for (const match of output.matchAll(/\d+/g)) {
    const index = Number(match[0]) - 1;
    if (index >= 0 && index < candidates.length && !chosen.includes(index)) chosen.push(index);
  }
  const rest = candidates.map((_, index) => index).filter((index) => !chosen.includes(index));
  return [...chosen, ...rest].slice(0, keep).map((index) => candidates[index] as RagCandidate);
}
