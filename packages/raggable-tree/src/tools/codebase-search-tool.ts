import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { codeLanguages } from '../discovery/languages.js';
import { symbolKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const codebaseSearchToolName = 'codebase_search';

export const codebaseSearchInput = z.strictObject({
  query: z
    .string()
    .min(1)
    .describe('What the code does or is called, in words or identifiers: "parse the config file".'),
  top_k: z.number().int().min(1).max(30).default(5).describe('How many symbols to answer.'),
  kind: z.enum(symbolKinds).optional().describe('Only symbols of this kind.'),
  package: z.string().min(1).optional().describe('Only symbols of this package.'),
  language: z.enum(codeLanguages).optional(),
  path: z.string().min(1).optional().describe('Only symbols of files under this virtual folder.'),
});

/** `codebase_search`: hybrid code search over the symbols, words and (with an embedding provider) vectors fused by rank. */
export function createCodebaseSearchTool(tree: () => RaggableTree): Tool<z.output<typeof codebaseSearchInput>> {
  return defineTool({
    name: codebaseSearchToolName,
    description:
      'Search the indexed code for symbols (classes, functions, methods, …) matching a description or identifier; answers each with its qualified name, place, signature and doc comment.',
    input: codebaseSearchInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 8_000,
    async execute({ query, top_k, kind, package: packageName, language, path }, context) {
      const code = tree();
      const result = await code.search(query, {
        topK: top_k,
        signal: context.signal,
        ...(kind === undefined ? {} : { kinds: [kind] }),
        ...(packageName === undefined ? {} : { package: packageName }),
        ...(language === undefined ? {} : { language }),
        ...(path === undefined ? {} : { path }),
      });
      if (result.hits.length === 0)
        return `No symbol of the index of ${code.root} matches '${query}'. Try other words, or codebase_map to look around.`;
      const how = result.mode === 'hybrid' ? 'words and vectors, fused by reciprocal rank' : 'words';
      const note = result.note === undefined ? '' : ` (${result.note})`;
      const lines = [`${result.hits.length} symbol(s) for '${query}' (${how}${note}):`];
      result.hits.forEach((hit, index) => {
        lines.push(`${index + 1}. ${hit.symbol.kind} ${hit.symbol.id} — ${location(hit.symbol)}`);
        lines.push(`   ${hit.symbol.signature}`);
        if (hit.symbol.doc !== undefined) lines.push(`   ${hit.symbol.doc}`);
      });
      return lines.join('\n');
    },
  });
}
