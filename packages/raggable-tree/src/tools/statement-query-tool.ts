import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { callableKinds, statementKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { capped } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const statementQueryToolName = 'statement_query';

export const statementQueryInput = z.strictObject({
  symbol: z.string().min(1).describe('A function or method (qualified name, its end, or a plain name).'),
  kind: z.enum(statementKinds).optional().describe('Only statements of this kind.'),
});

/** `statement_query`: the statements (level L4) of a function, by kind, with their lines. */
export function createStatementQueryTool(tree: () => RaggableTree): Tool<z.output<typeof statementQueryInput>> {
  return defineTool({
    name: statementQueryToolName,
    description: `List the statements of a function or method (level L4), optionally of one kind (${statementKinds.join(', ')}), each with its lines and first line of code.`,
    input: statementQueryInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 12_000,
    async execute({ symbol: reference, kind }, context) {
      const code = tree();
      const graph = await code.graph({ signal: context.signal });
      const choice = chooseSymbol(graph, reference);
      if ('answer' in choice) return choice.answer;
      const symbol = choice.symbol;
      if (!callableKinds.has(symbol.kind)) {
        const members = graph
          .children(symbol.id)
          .filter((id) => callableKinds.has(graph.symbols.get(id)?.kind ?? 'field'));
        return `${symbol.kind} ${symbol.id} has no statements of its own; its functions and methods do: ${capped(members, 20, String) || 'none'}.`;
      }
      const all = await code.statements(symbol);
      const chosen = kind === undefined ? all : all.filter((statement) => statement.kind === kind);
      const origin = code.settings.IncludeStatements ? 'from the index' : 'parsed now';
      const what = kind === undefined ? 'statement(s)' : `${kind} statement(s)`;
      if (chosen.length === 0) return `${symbol.kind} ${symbol.id} has no ${what} (${origin}).`;
      const width = Math.max(...chosen.map((statement) => statement.kind.length));
      return [
        `${chosen.length} ${what} of ${symbol.kind} ${symbol.id} (${symbol.file}, ${origin}):`,
        ...chosen.map((statement) => {
          const lines =
            statement.startLine === statement.endLine
              ? `L${statement.startLine}`
              : `L${statement.startLine}-${statement.endLine}`;
          return `${lines.padEnd(10)} ${statement.kind.padEnd(width)}  ${statement.text}`;
        }),
      ].join('\n');
    },
  });
}
