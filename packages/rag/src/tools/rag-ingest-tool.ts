import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { chunkingStrategies } from '../chunking/chunk.js';
import type { Rag } from '../rag.js';

export const ragIngestToolName = 'rag_ingest';

const source = z.union([
  z.string().min(1),
  z.strictObject({
    location: z.string().min(1).describe('A virtual path, an http(s) URL, or for kind inline the text itself.'),
    kind: z.enum(['file', 'web', 'inline']).optional(),
    id: z.string().min(1).optional().describe('The id citations name; default the location.'),
  }),
]);

export const ragIngestInput = z.strictObject({
  collection: z.string().min(1).optional().describe('The collection to add to; default the configured one.'),
  sources: z
    .array(source)
    .min(1)
    .max(200)
    .describe('Files (virtual paths), web pages (URLs), or { location, kind: "inline" } text.'),
  chunking_strategy: z.enum(chunkingStrategies).optional(),
  reindex: z.boolean().default(false).describe('Ingest every source again (after a change of embedding model).'),
});

/** `rag_ingest`: adds sources to a collection; unchanged ones cost nothing, rejected ones are quarantined. */
export function createRagIngestTool(rag: () => Rag): Tool<z.output<typeof ragIngestInput>> {
  return defineTool({
    name: ragIngestToolName,
    description:
      'Add documents (files, web pages or text) to a knowledge base collection so rag_search can find them. Unchanged documents are skipped.',
    input: ragIngestInput,
    // It writes the collection's store and manifest.
    access: 'Edit',
    timeoutMilliseconds: 10 * 60_000,
    async execute({ collection, sources, chunking_strategy, reindex }, context) {
      const report = await rag().ingest({
        sources: sources.map((entry) => (typeof entry === 'string' ? { location: entry } : entry)),
        reindex,
        signal: context.signal,
        ...(collection === undefined ? {} : { collection }),
        ...(chunking_strategy === undefined ? {} : { chunkingStrategy: chunking_strategy }),
      });
      const lines = report.sources.map((entry) => {
        const why = entry.reasons === undefined ? '' : ` (${entry.reasons.join('; ')})`;
        return `- ${entry.sourceId}: ${entry.status}, ${entry.chunks} chunk(s)${why}`;
      });
      return `Collection '${report.collection}' now holds ${report.totalChunks} chunk(s).\n${lines.join('\n')}`;
    },
  });
}
