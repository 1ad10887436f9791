import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph.js';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { capped, location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const subGraphToolName = 'sub_graph';

export const subGraphInput = z.strictObject({
  symbol: z
    .string()
    .min(1)
    .describe('The centre: a symbol (qualified name, its end, or a plain name) or an indexed file (virtual path).'),
  depth: z.number().int().min(1).max(3).default(1).describe('Steps from the centre.'),
  max_nodes: z.number().int().min(2).max(200).default(40).describe('Most symbols shown.'),
});

type Relation = 'contains' | 'calls' | 'extends';

/** `sub_graph`: the neighbourhood of a symbol or file: what holds it, what it holds, calls, is called by, extends. */
export function createSubGraphTool(tree: () => RaggableTree): Tool<z.output<typeof subGraphInput>> {
  return defineTool({
    name: subGraphToolName,
    description:
      'Show the part of the code graph around a symbol or file: the symbols linked to it by containment, calls and inheritance (both ways), up to a depth, as nodes and edges.',
    input: subGraphInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 16_000,
    async execute({ symbol: reference, depth, max_nodes }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const file = reference.startsWith('/') ? graph.files.get(reference) : undefined;
      let start: string[];
      const heading: string[] = [];
      if (file !== undefined) {
        start = file.symbols.filter((id) => graph.symbols.get(id)?.parent === undefined);
        heading.push(
          `File ${file.path} (${file.package}): imports ${capped(graph.imported(file.path), 10, String) || 'no file of the index'}; imported by ${capped(graph.importers(file.path), 10, String) || 'no file of the index'}.`,
        );
      } else {
        const choice = chooseSymbol(graph, reference);
        if ('answer' in choice) return choice.answer;
        start = [choice.symbol.id];
      }
      return render(graph, start, depth, max_nodes, heading, reference);
    },
  });
}

function render(
  graph: CodeGraph,
  start: readonly string[],
  depth: number,
  maxNodes: number,
  heading: string[],
  reference: string,
): string {
  const nodes = new Map(start.map((id) => [id, 0]));
  const edges = new Set<string>();
  const edge = (from: string, relation: Relation, to: string) => edges.add(`${from} ${relation} ${to}`);
  let frontier = [...start];
  let truncated = false;
  for (let step = 1; step <= depth && frontier.length > 0; step++) {
    const following: string[] = [];
    const reach = (id: string, describe: () => void) => {
      if (!nodes.has(id)) {
        if (nodes.size >= maxNodes) {
          truncated = true;
          return;
        }
        nodes.set(id, step);
        following.push(id);
      }
      describe();
    };
    for (const id of frontier) {
      const symbol = graph.symbols.get(id);
      if (symbol?.parent !== undefined) reach(symbol.parent, () => edge(symbol.parent as string, 'contains', id));
      for (const child of graph.children(id)) reach(child, () => edge(id, 'contains', child));
      for (const callee of graph.callees(id)) reach(callee, () => edge(id, 'calls', callee));
      for (const caller of graph.callers(id)) reach(caller, () => edge(caller, 'calls', id));
      for (const base of graph.supertypes(id)) reach(base, () => edge(id, 'extends', base));
      for (const sub of graph.subtypes(id)) reach(sub, () => edge(sub, 'extends', id));
    }
    frontier = following;
  }
  // Edges between nodes shown only, so the list stays a graph.
  const shown = [...edges].filter((line) => {
    const [from, , to] = line.split(' ');
    return nodes.has(from as string) && nodes.has(to as string);
  });
  const lines = [
    ...heading,
    `Sub-graph of ${reference} (depth ${depth}): ${nodes.size} symbol(s), ${shown.length} edge(s)`,
    'Symbols:',
  ];
  for (const [id, step] of nodes) {
    const symbol = graph.symbols.get(id);
    if (symbol !== undefined) lines.push(`  [${step}] ${symbol.kind} ${id} (${location(symbol)})`);
  }
  lines.push('Edges:', ...shown.map((line) => `  ${line}`));
  if (truncated) lines.push(`… more symbols beyond ${maxNodes}: raise max_nodes or lower the depth.`);
  return lines.join('\n');
}
