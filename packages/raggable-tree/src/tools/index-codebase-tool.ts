import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { RaggableTree } from '../raggable-tree.js';
import { describeIndexReport } from './describe-index-report.js';
import { codeIndexTimeoutMilliseconds } from './tool-timeouts.js';

export const indexCodebaseToolName = 'index_codebase';

export const indexCodebaseInput = z.strictObject({
  path: z
    .string()
    .min(1)
    .optional()
    .describe('The virtual folder to index, e.g. /workspace; default the configured root (RaggableTree:Root).'),
  force: z.boolean().default(false).describe('Parse every file again, even those whose content did not change.'),
});

/**
 * `index_codebase`: builds (or brings up to date) the symbol graph of a folder and makes
 * it the one the other code tools answer about. Its access is `Read`: it reads code, and
 * writes only the index, a cache in `RaggableTree:IndexDirectory` that every query
 * refreshes anyway.
 */
export function createIndexCodebaseTool(tree: () => RaggableTree): Tool<z.output<typeof indexCodebaseInput>> {
  return defineTool({
    name: indexCodebaseToolName,
    description:
      'Index a code folder (TypeScript, JavaScript, Python, Go, Java, C#): packages, files, symbols, imports, calls, frameworks. The other code tools then answer about it. Queries index changed files by themselves; call this to index another folder or start over.',
    input: indexCodebaseInput,
    access: 'Read',
    timeoutMilliseconds: codeIndexTimeoutMilliseconds,
    async execute({ path, force }, context) {
      const report = await tree().index({
        force,
        signal: context.signal,
        ...(path === undefined ? {} : { root: path }),
      });
      return describeIndexReport(report, force ? 'Indexed (every file parsed)' : 'Indexed');
    },
  });
}
