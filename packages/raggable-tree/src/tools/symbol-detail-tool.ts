import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph.js';
import type { SymbolNode } from '../graph/graph-nodes.js';
import { callableKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { capped, location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const symbolDetailToolName = 'symbol_detail';

export const symbolDetailInput = z.strictObject({
  symbol: z
    .string()
    .min(1)
    .describe('A qualified name (package::module::Class::method), its end (Class::method), or a plain name.'),
});

/** `symbol_detail`: one symbol (level L3) with its signature, doc, members, types, calls and callers. */
export function createSymbolDetailTool(tree: () => RaggableTree): Tool<z.output<typeof symbolDetailInput>> {
  return defineTool({
    name: symbolDetailToolName,
    description:
      'Describe one symbol (class, function, method, …): where it is, its signature and doc comment, visibility, complexity, members, base types and subtypes, what it calls and what calls it.',
    input: symbolDetailInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 8_000,
    async execute({ symbol: reference }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const choice = chooseSymbol(graph, reference);
      return 'answer' in choice ? choice.answer : detail(graph, choice.symbol);
    },
  });
}

function detail(graph: CodeGraph, symbol: SymbolNode): string {
  const names = (ids: readonly string[]) => capped(ids, 20, String);
  const access = [symbol.visibility, symbol.exported ? 'exported' : 'not exported'].filter(Boolean).join(', ');
  const lines = [
    `${symbol.kind} ${symbol.id} (${access})`,
    `${location(symbol)}, ${symbol.language}, package ${symbol.package}`,
    `Signature: ${symbol.signature}`,
  ];
  if (symbol.doc !== undefined) lines.push(`Doc: ${symbol.doc}`);
  if (callableKinds.has(symbol.kind)) lines.push(`Cyclomatic complexity: ${symbol.complexity ?? 1}`);
  if (symbol.parent !== undefined) lines.push(`Member of: ${symbol.parent}`);
  const children = graph.children(symbol.id);
  if (children.length > 0)
    lines.push(
      `Members (${children.length}): ${capped(children, 30, (id) => {
        const child = graph.symbols.get(id);
        return `${child?.kind} ${child?.name}`;
      })}`,
    );
  const supertypes = graph.supertypes(symbol.id);
  const unresolvedBases = (symbol.bases ?? []).filter(
    (name) => !supertypes.some((id) => graph.symbols.get(id)?.name === name),
  );
  if (supertypes.length + unresolvedBases.length > 0)
    lines.push(
      `Extends or implements: ${[...supertypes, ...unresolvedBases.map((name) => `${name} (outside the index)`)].join(', ')}`,
    );
  const subtypes = graph.subtypes(symbol.id);
  if (subtypes.length > 0) lines.push(`Extended or implemented by (${subtypes.length}): ${names(subtypes)}`);
  if (callableKinds.has(symbol.kind)) {
    const callees = graph.callees(symbol.id);
    const outside = graph.unresolvedCalls(symbol.id);
    lines.push(`Calls in the index (${callees.length}): ${names(callees) || 'none'}`);
    if (outside.length > 0) lines.push(`Calls outside the index: ${capped(outside, 20, String)}`);
  }
  const callers = graph.callers(symbol.id);
  lines.push(`Called or constructed by (${callers.length}): ${names(callers) || 'nothing in the index'}`);
  return lines.join('\n');
}
