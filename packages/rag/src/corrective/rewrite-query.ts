import type { RagModel } from '../query/rag-model.js';
import { contentWords } from './question-words.js';

/**
 * The rewrite_query node: a new search text for the same question. The model rewrites it
 * (temperature 0, told the searches already tried); without a model, the question's content
 * words. Undefined when the rewrite is a search already tried: searching it again finds the same.
 */
export async function rewriteQuery(
  question: string,
  tried: readonly string[],
  model: RagModel | undefined,
  signal?: AbortSignal,
): Promise<string | undefined> {
  let rewritten: string;
  if (model === undefined) rewritten = contentWords(question).join(' ');
  else {
    const { output } = await model.complete(
      `Question: ${question}\n\nSearches already tried, which found nothing that answers it:\n${tried.map((text) => `- ${text}`).join('\n')}\n\nWrite one new search query.`,
      {
        system:
          'You rewrite search queries for a document search. Use other words, synonyms, or the key terms alone. Reply with the query only, on one line.',
        temperature: 0,
        maxTokens: 60,
        ...(signal === undefined ? {} : { signal }),
      },
    );
    rewritten = (output.split('\n').find((line) => line.trim() !== '') ?? '').trim().replace(/^["'`]|["'`]$/g, '');
  }
  const normalized = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (rewritten.trim() === '' || tried.some((text) => normalized(text) === normalized(rewritten))) return undefined;
  return rewritten;
}
