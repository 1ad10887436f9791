import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph.js';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { capped, location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const flowTraceToolName = 'flow_trace';

export const flowTraceInput = z.strictObject({
  symbol: z
    .string()
    .min(1)
    .describe('Where the trace starts: a function or method (qualified name, its end, or a plain name).'),
  direction: z
    .enum(['callees', 'callers'])
    .default('callees')
    .describe('callees: what it calls, down; callers: what calls it, up.'),
  depth: z.number().int().min(1).max(8).default(3).describe('How many calls deep.'),
});

const maximumLines = 200;

/** `flow_trace`: the call tree from a function, down to what it calls or up to what calls it. */
export function createFlowTraceTool(tree: () => RaggableTree): Tool<z.output<typeof flowTraceInput>> {
  return defineTool({
    name: flowTraceToolName,
    description:
      'Trace the flow of calls from a function or method: the tree of what it calls (or of what calls it), resolved by name within the index, with calls that leave the index named at the leaves.',
    input: flowTraceInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 16_000,
    async execute({ symbol: reference, direction, depth }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const choice = chooseSymbol(graph, reference);
      if ('answer' in choice) return choice.answer;
      const lines = [
        `${direction === 'callees' ? 'Calls from' : 'Callers of'} ${choice.symbol.kind} ${choice.symbol.id} (depth ${depth}):`,
        `${choice.symbol.id} (${location(choice.symbol)})`,
      ];
      trace(
        graph,
        choice.symbol.id,
        direction,
        depth,
        1,
        new Set([choice.symbol.id]),
        new Set([choice.symbol.id]),
        lines,
      );
      if (lines.length === 2)
        lines.push(direction === 'callees' ? '  (calls nothing)' : '  (nothing in the index calls it)');
      return lines.length <= maximumLines
        ? lines.join('\n')
        : `${lines.slice(0, maximumLines).join('\n')}\n… ${lines.length - maximumLines} more line(s): lower the depth.`;
    },
  });
}

function trace(
  graph: CodeGraph,
  id: string,
  direction: 'callees' | 'callers',
  depth: number,
  level: number,
  path: Set<string>,
  seen: Set<string>,
  lines: string[],
): void {
  if (lines.length > maximumLines) return;
  const indent = '  '.repeat(level);
  const next = direction === 'callees' ? graph.callees(id) : graph.callers(id);
  for (const target of next) {
    const symbol = graph.symbols.get(target);
    const label = `${target} (${symbol === undefined ? '?' : location(symbol)})`;
    if (path.has(target)) {
      lines.push(`${indent}→ ${label} (recursion)`);
      continue;
    }
    if (seen.has(target)) {
      lines.push(`${indent}→ ${label} (traced above)`);
      continue;
    }
    seen.add(target);
    lines.push(`${indent}→ ${label}`);
    if (level < depth) {
      path.add(target);
      trace(graph, target, direction, depth, level + 1, path, seen, lines);
      path.delete(target);
    }
  }
  if (direction === 'callees') {
    const outside = graph.unresolvedCalls(id);
    if (outside.length > 0) lines.push(`${indent}→ outside the index: ${capped(outside, 12, String)}`);
  }
}
