import { contentWords } from '../corrective/question-words.js';
import type { RagModel } from './rag-model.js';

/** The adaptive profile's routes: answer directly, search once (balanced), or search and correct (corrective). */
export const queryRoutes = ['NoRetrieval', 'SingleShot', 'Iterative'] as const;
export type QueryRoute = (typeof queryRoutes)[number];

export interface QueryClassification {
  readonly route: QueryRoute;
  readonly classifier: 'heuristic' | 'llm';
}

// Greetings, thanks and small talk: nothing in a collection answers them.
const smallTalk =
  /^(?:hi|hello|hey|thanks|thank you|thx|good (?:morning|afternoon|evening)|bye|goodbye|ok|okay|yes|no|cool|great)\b[\s!.?]*$/i;
// Questions that need several facts put together, or a comparison.
const manyFacts =
  /\b(?:compare|comparison|versus|vs\.?|difference between|differences|relationship between|trade-?offs?|pros and cons|step by step|all the|each of|both)\b/i;

/**
 * Sorts a question for the adaptive profile. `heuristic`: small talk (or no content word)
 * needs no retrieval; a comparison, several questions in one, or a long question (over 25
 * words) is iterative; the rest is single shot. `llm`: the model names the route; a reply
 * naming none falls back to the heuristic.
 */
export async function classifyQuery(
  question: string,
  classifier: 'heuristic' | 'llm',
  model: RagModel | undefined,
  signal?: AbortSignal,
): Promise<QueryClassification> {
  if (classifier === 'llm' && model !== undefined) {
    const { output } = await model.complete(`Question: ${question}`, {
      system:
        'You route questions to a document search. Reply with one word: NoRetrieval when no document is needed (small talk, arithmetic, general knowledge), SingleShot when one search should find the answer, Iterative when the answer needs several facts combined or a comparison.',
      temperature: 0,
      maxTokens: 10,
      ...(signal === undefined ? {} : { signal }),
    });
    const named = queryRoutes.find((route) => output.toLowerCase().includes(route.toLowerCase()));
    if (named !== undefined) return { route: named, classifier: 'llm' };
  }
  return { route: heuristicRoute(question), classifier: 'heuristic' };
}

function heuristicRoute(question: string): QueryRoute {
  const text = question.trim();
  if (smallTalk.test(text) || contentWords(text).length === 0) return 'NoRetrieval';
  const questions = (text.match(/\?/g) ?? []).length;
  if (manyFacts.test(text) || questions > 1 || text.split(/\s+/).length > 25) return 'Iterative';
  return 'SingleShot';
}
