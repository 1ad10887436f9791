import type { CodePassage, CodeSearch } from '@orkeon/rag';
import type { RaggableTree } from './raggable-tree.js';
import { labelOf } from './tools/text-format.js';

/**
 * The code index as `rag_search` reaches it (`collection: raggable-tree`): the symbols the
 * hybrid search finds, each as a passage of its file with its lines, its kind and qualified
 * name, and its signature and doc comment.
 */
export function codeIndexSearch(tree: () => RaggableTree): CodeSearch {
  return {
    async search(question: string, topK: number, signal?: AbortSignal): Promise<CodePassage[]> {
      const found = await tree().search(question, { topK, ...(signal === undefined ? {} : { signal }) });
      return found.hits.map(({ symbol, score }) => ({
        sourceId: symbol.file,
        title: labelOf(symbol),
        startLine: symbol.startLine,
        endLine: symbol.endLine,
        snippet: symbol.doc === undefined ? symbol.signature : `${symbol.signature}\n${symbol.doc}`,
        score,
      }));
    },
  };
}
