import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const symbolSourceToolName = 'symbol_source';

export const symbolSourceInput = z.strictObject({
  symbol: z.string().min(1).describe('A qualified name, its end (Class::method), or a plain name.'),
  context_lines: z.number().int().min(0).max(50).default(0).describe('Lines to show before and after it.'),
});

/** The longest source answered; a longer symbol is cut, saying where to read on. */
const maximumCharacters = 30_000;

/** `symbol_source`: a symbol's code, read from its file now, with line numbers. */
export function createSymbolSourceTool(tree: () => RaggableTree): Tool<z.output<typeof symbolSourceInput>> {
  return defineTool({
    name: symbolSourceToolName,
    description: 'Show the source code of one symbol (class, function, method, …) with line numbers.',
    input: symbolSourceInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: maximumCharacters + 500,
    async execute({ symbol: reference, context_lines }, context) {
      const code = tree();
      const graph = await code.graph({ signal: context.signal });
      const choice = chooseSymbol(graph, reference);
      if ('answer' in choice) return choice.answer;
      const source = await code.source(choice.symbol, context_lines);
      const width = String(source.endLine).length;
      const numbered: string[] = [];
      let length = 0;
      for (const [index, line] of source.lines.entries()) {
        const text = `${String(source.startLine + index).padStart(width)} | ${line}`;
        length += text.length + 1;
        if (length > maximumCharacters) {
          numbered.push(
            `… cut at line ${source.startLine + index - 1}: read the rest of ${source.symbol.file} with file_read.`,
          );
          break;
        }
        numbered.push(text);
      }
      const heading = `${choice.symbol.kind} ${choice.symbol.id} — ${choice.symbol.file}:${source.startLine}-${source.endLine}`;
      return `${heading}\n${numbered.join('\n')}`;
    },
  });
}
