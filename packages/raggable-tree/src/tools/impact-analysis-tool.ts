import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { breadthFirst } from '../graph/breadth-first.js';
import type { CodeGraph } from '../graph/code-graph.js';
import { typeKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { chooseSymbol } from './symbol-reference.js';
import { capped, location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const impactAnalysisToolName = 'impact_analysis';

export const impactAnalysisInput = z.strictObject({
  target: z
    .string()
    .min(1)
    .describe(
      'What would change: a symbol (qualified name, its end, or a plain name) or an indexed file (virtual path).',
    ),
  depth: z.number().int().min(1).max(10).default(3).describe('How many steps of dependents to follow.'),
});

/** `impact_analysis`: what depends on a symbol or file, transitively, step by step, and the packages it reaches. */
export function createImpactAnalysisTool(tree: () => RaggableTree): Tool<z.output<typeof impactAnalysisInput>> {
  return defineTool({
    name: impactAnalysisToolName,
    description:
      'Find what a change to a symbol or file may break: its callers, subtypes and the files importing it, followed transitively up to a depth, grouped by distance, with the packages reached.',
    input: impactAnalysisInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 16_000,
    async execute({ target, depth }, context) {
      const graph = await tree().graph({ signal: context.signal });
      if (target.startsWith('/') && graph.files.has(target)) return fileImpact(graph, target, depth);
      const choice = chooseSymbol(graph, target);
      return 'answer' in choice ? choice.answer : symbolImpact(graph, choice.symbol.id, depth);
    },
  });
}

function symbolImpact(graph: CodeGraph, id: string, depth: number): string {
  const symbol = graph.symbols.get(id);
  if (symbol === undefined) return `No symbol ${id}.`;
  // A type is used through its members too.
  const start = typeKinds.has(symbol.kind) ? [id, ...graph.children(id)] : [id];
  const reached = breadthFirst(start, (node) => [...graph.callers(node), ...graph.subtypes(node)], depth);
  for (const node of start) reached.delete(node);
  const lines = [`Impact of changing ${symbol.kind} ${id} (${location(symbol)}), depth ${depth}:`];
  if (reached.size === 0) lines.push('No symbol of the index calls, constructs or extends it.');
  for (let step = 1; step <= depth; step++) {
    const at = [...reached].filter(([, distance]) => distance === step).map(([node]) => node);
    if (at.length > 0)
      lines.push(
        `Step ${step} (${at.length}): ${capped(at, 25, (node) => {
          const dependent = graph.symbols.get(node);
          return dependent === undefined ? node : `${dependent.kind} ${node} (${location(dependent)})`;
        })}`,
      );
  }
  const files = breadthFirst([symbol.file], (path) => graph.importers(path), depth);
  files.delete(symbol.file);
  if (files.size > 0)
    lines.push(`Files importing ${symbol.file} (within ${depth} step(s)): ${capped([...files.keys()], 25, String)}`);
  lines.push(
    packagesLine(
      graph,
      [...reached.keys()].map((node) => graph.symbols.get(node)?.package),
      [...files.keys()],
    ),
  );
  return lines.join('\n');
}

function fileImpact(graph: CodeGraph, path: string, depth: number): string {
  const reached = breadthFirst([path], (node) => graph.importers(node), depth);
  reached.delete(path);
  const lines = [`Impact of changing ${path}, depth ${depth}:`];
  if (reached.size === 0) lines.push('No file of the index imports it.');
  for (let step = 1; step <= depth; step++) {
    const at = [...reached].filter(([, distance]) => distance === step).map(([node]) => node);
    if (at.length > 0) lines.push(`Step ${step} (${at.length} file(s)): ${capped(at, 25, String)}`);
  }
  const own = new Set(graph.files.get(path)?.symbols ?? []);
  const callers = new Set([...own].flatMap((id) => graph.callers(id)).filter((caller) => !own.has(caller)));
  if (callers.size > 0)
    lines.push(`Symbols elsewhere that call its symbols (${callers.size}): ${capped([...callers], 20, String)}`);
  lines.push(packagesLine(graph, [], [...reached.keys()]));
  return lines.join('\n');
}

function packagesLine(
  graph: CodeGraph,
  symbolPackages: readonly (string | undefined)[],
  files: readonly string[],
): string {
  const counts = new Map<string, number>();
  for (const name of [...symbolPackages, ...files.map((path) => graph.files.get(path)?.package)])
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  if (counts.size === 0) return 'Packages reached: none beyond its own.';
  return `Packages reached: ${[...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${name} (${count})`)
    .join(', ')}`;
}
