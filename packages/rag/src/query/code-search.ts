import { serviceToken } from '@orkeon/core';
import type { RagCitation } from './rag-answer.js';

/** The collection name `rag_search` routes to the code index instead of a knowledge base. */
export const codeIndexCollection = 'raggable-tree';

/**
 * The code index as `rag_search` reaches it (`collection: raggable-tree`): symbols found for a
 * question, as numbered passages (the source file, the symbol's place in it, its signature
 * and documentation). `@orkeon/raggable-tree` registers one (`addRaggableTree`).
 */
export interface CodeSearch {
  search(question: string, topK: number, signal?: AbortSignal): Promise<RagCitation[]>;
}

export const CodeSearchService = serviceToken<CodeSearch>('RagCodeSearch');
