import { serviceToken } from '@orkeon/core';

/** The collection name `rag_search` routes to the code index instead of a knowledge base. */
export const codeIndexCollection = 'raggable-tree';

/**
 * The code index as `rag_search` reaches it (`collection: raggable-tree`): symbols found for a
 * question (the file, the symbol's lines and qualified name, its signature and documentation),
 * which the tool numbers like a collection's passages. `@orkeon/raggable-tree` registers one (`addRaggableTree`).
 */
export interface CodeSearch {
  search(question: string, topK: number, signal?: AbortSignal): Promise<readonly CodePassage[]>;
}

/** A symbol the code index found: where it is, what it is, and its signature and documentation. */
export interface CodePassage {
  /** The file (a virtual path). */
  readonly sourceId: string;
  /** Its kind and qualified name, e.g. `method core::vfs::MountTable::resolve`. */
  readonly title: string;
  /** Lines of the symbol in the file, from 1 (`endLine` included). */
  readonly startLine: number;
  readonly endLine: number;
  readonly snippet: string;
  readonly score: number;
}

export const CodeSearchService = serviceToken<CodeSearch>('RagCodeSearch');
