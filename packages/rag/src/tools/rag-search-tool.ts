import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { RagError } from '../errors/rag-error.js';
import { type CodeSearch, codeIndexCollection } from '../query/code-search.js';
import type { RagAnswer, RagCitation } from '../query/rag-answer.js';
import type { Rag } from '../rag.js';

export const ragSearchToolName = 'rag_search';

export const ragSearchInput = z.strictObject({
  question: z.string().min(1).describe('What to look for, as a question or keywords.'),
  top_k: z.number().int().min(1).max(20).default(3).describe('How many passages to answer.'),
  collection: z
    .string()
    .min(1)
    .optional()
    .describe("The collection to search; default the configured one. 'raggable-tree' searches the code index."),
});

/**
 * `rag_search`: the passages of a collection that answer a question, numbered so the agent
 * can cite them as [n], each with its source and where it lies in it. Retrieval only: the
 * agent writes the answer itself.
 */
export function createRagSearchTool(
  rag: () => Rag,
  codeSearch: () => CodeSearch | undefined = () => undefined,
): Tool<z.output<typeof ragSearchInput>> {
  return defineTool({
    name: ragSearchToolName,
    description:
      'Search a knowledge base collection for passages that answer a question. Answers numbered passages with their sources; cite them as [1], [2].',
    input: ragSearchInput,
    access: 'Read',
    async execute({ question, top_k, collection }, context) {
      const query = {
        text: question,
        topK: top_k,
        signal: context.signal,
        ...(collection === undefined ? {} : { collection }),
      };
      if (collection === codeIndexCollection) return searchCode(codeSearch(), question, top_k, context.signal);
      const service = rag();
      // These profiles answer rather than retrieve: the tool gives their cited answer and its passages.
      if (service.settings.Profile === 'corrective' || service.settings.Profile === 'adaptive')
        return describeAnswer(await service.answer(query));
      const found = await service.retrieve(query);
      if (found.passages.length === 0) return `Nothing in the collection '${found.collection}' matches this question.`;
      const heading = `${found.passages.length} passage(s) from the collection '${found.collection}':`;
      return [heading, ...[...found.passages].sort((a, b) => a.marker - b.marker).map(describePassage)].join('\n\n');
    },
  });
}

async function searchCode(
  code: CodeSearch | undefined,
  question: string,
  topK: number,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (code === undefined)
    throw new RagError(
      'RAG_PROFILE_UNAVAILABLE',
      `The collection '${codeIndexCollection}' is the code index, and none is registered: install @orkeon/raggable-tree (orkeon run and serve register it unless RaggableTree:Enabled is false), or name a knowledge base collection.`,
    );
  const passages = await code.search(question, topK, signal);
  if (passages.length === 0) return 'Nothing in the code index matches this question.';
  const listed = passages.map(
    (passage, index) =>
      `[${index + 1}] ${passage.sourceId} (lines ${passage.startLine}–${passage.endLine}, ${passage.title})\n${passage.snippet}`,
  );
  return [`${passages.length} passage(s) from the code index:`, ...listed].join('\n\n');
}

function describeAnswer(answer: RagAnswer): string {
  const note = answer.bestEffort === true ? ' (best effort: nothing found was graded relevant)' : '';
  const cited = answer.citations.length > 0 ? answer.citations : answer.passages;
  const listed = [...cited].sort((a, b) => a.marker - b.marker).map(describePassage);
  return [`Answer from the collection '${answer.collection}'${note}:`, answer.text, ...listed].join('\n\n');
}

function describePassage(passage: RagCitation): string {
  const section =
    passage.headings === undefined || passage.headings.length === 0 ? '' : `, ${passage.headings.join(' › ')}`;
  const warning = passage.warning === undefined ? '' : `\n${passage.warning}`;
  return `[${passage.marker}] ${passage.sourceId} (characters ${passage.start}–${passage.end}${section})${warning}\n${passage.snippet}`;
}
