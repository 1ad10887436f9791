import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { RaggableTree } from '../raggable-tree.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const isPathIndexedToolName = 'is_path_indexed';

export const isPathIndexedInput = z.strictObject({
  path: z.string().min(1).describe('A virtual file or folder, e.g. /crew/src/app.ts.'),
});

/** `is_path_indexed`: whether a file or folder is in the code index, up to date, and if not, why. */
export function createIsPathIndexedTool(tree: () => RaggableTree): Tool<z.output<typeof isPathIndexedInput>> {
  return defineTool({
    name: isPathIndexedToolName,
    description:
      'Tell whether a file or folder is in the code index (and up to date), or why not: outside the indexed folder, excluded, a language the index does not parse, too large.',
    input: isPathIndexedInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    async execute({ path }) {
      const status = await tree().pathStatus(path);
      if (!status.indexed) return `${path} is not indexed: ${status.reason}.`;
      if (status.kind === 'folder')
        return `${path} is indexed: ${status.files} file(s), ${status.symbols} symbol(s) below it.`;
      return status.upToDate
        ? `${path} is indexed (${status.symbols} symbol(s)) and up to date.`
        : `${path} is indexed (${status.symbols} symbol(s)) but changed since: the next query re-indexes it.`;
    },
  });
}
