import { defineTool, type EmbeddingProvider, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { searchDirectory } from '../directory-search/search-directory.js';
import type { RaggableTreeSettings } from '../raggable-tree-settings.js';

export const directorySearchToolName = 'directory_search';

export const directorySearchInput = z.strictObject({
  directory: z.string().min(1).describe('The virtual folder to search, e.g. /workspace/docs.'),
  query: z.string().min(1).describe('What to look for, as a question or keywords.'),
  top_k: z.number().int().min(1).max(20).default(5).describe('How many passages to answer.'),
  pattern: z
    .string()
    .min(1)
    .optional()
    .describe('Only files matching this glob: a name (*.md) or a path from the folder (src/**/*.ts).'),
});

/** The longest passage shown. */
const maximumPassage = 900;

/**
 * `directory_search`: ephemeral RAG over one folder (reference brief §6.2): the passages of
 * its text files that best match a question, by words and, with an embedding provider,
 * vectors fused by reciprocal rank. Nothing is indexed or kept.
 */
export function createDirectorySearchTool(
  settings: RaggableTreeSettings,
  embeddings: () => EmbeddingProvider | undefined,
): Tool<z.output<typeof directorySearchInput>> {
  return defineTool({
    name: directorySearchToolName,
    description:
      'Search the text files of one folder for passages matching a question (words and meaning), without indexing anything. Answers numbered passages with their file and lines.',
    input: directorySearchInput,
    access: 'Read',
    maxResultCharacters: 12_000,
    timeoutMilliseconds: 5 * 60_000,
    async execute({ directory, query, top_k, pattern }, context) {
      const result = await searchDirectory({
        files: context.vfs,
        directory,
        query,
        topK: top_k,
        pattern,
        exclude: settings.Exclude,
        maxFileBytes: settings.MaxFileBytes,
        embeddings: embeddings(),
        signal: context.signal,
      });
      const how = result.mode === 'hybrid' ? 'words and vectors, fused by reciprocal rank' : 'words';
      const facts = `${result.filesRead} file(s) read, ${result.chunks} chunk(s)${result.skipped > 0 ? `, ${result.skipped} skipped (binary, too large or too many)` : ''}; ${how}${result.note === undefined ? '' : `; ${result.note}`}`;
      if (result.passages.length === 0) return `Nothing in ${directory} matches '${query}' (${facts}).`;
      const passages = result.passages.map((passage, index) => {
        const text = passage.text.length > maximumPassage ? `${passage.text.slice(0, maximumPassage)}…` : passage.text;
        return `[${index + 1}] ${passage.path} lines ${passage.startLine}–${passage.endLine}\n${text}`;
      });
      return [`${result.passages.length} passage(s) for '${query}' in ${directory} (${facts}):`, ...passages].join(
        '\n\n',
      );
    },
  });
}
