import { defineTool, normalizeVirtualPath, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { breadthFirst } from '../graph/breadth-first.js';
import type { CodeGraph } from '../graph/code-graph.js';
import type { RaggableTree } from '../raggable-tree.js';
import { capped } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const dependencyGraphToolName = 'dependency_graph';

export const dependencyGraphInput = z.strictObject({
  level: z
    .enum(['package', 'file'])
    .default('package')
    .describe('package: between packages (L1); file: between files (L2).'),
  target: z
    .string()
    .min(1)
    .optional()
    .describe('A package (level package) or a file or folder (level file) to start from; default all of them.'),
  direction: z.enum(['out', 'in', 'both']).default('out').describe('out: what it imports; in: what imports it; both.'),
  depth: z.number().int().min(1).max(10).default(1).describe('How many steps to follow from the target.'),
});

/** Most lines answered. */
const maximumLines = 150;

/** `dependency_graph`: imports between packages or files, resolved per language, with outside dependencies. */
export function createDependencyGraphTool(tree: () => RaggableTree): Tool<z.output<typeof dependencyGraphInput>> {
  return defineTool({
    name: dependencyGraphToolName,
    description:
      'Show the dependency graph of the code base: which packages or files import which (resolved from imports, requires, usings and Go or Java packages), and the outside packages they use.',
    input: dependencyGraphInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 16_000,
    async execute({ level, target, direction, depth }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const lines =
        level === 'package'
          ? packageLines(graph, target, direction, depth)
          : fileLines(graph, target, direction, depth);
      if (typeof lines === 'string') return lines;
      return lines.length <= maximumLines
        ? lines.join('\n')
        : `${lines.slice(0, maximumLines).join('\n')}\n… ${lines.length - maximumLines} more line(s): give a target.`;
    },
  });
}

function packageLines(
  graph: CodeGraph,
  target: string | undefined,
  direction: string,
  depth: number,
): string[] | string {
  const users = (name: string) =>
    [...graph.packages.keys()].filter((other) => graph.packageDependencies(other).includes(name));
  const next = (name: string) => [
    ...(direction !== 'in' ? graph.packageDependencies(name) : []),
    ...(direction !== 'out' ? users(name) : []),
  ];
  let names = [...graph.packages.keys()];
  if (target !== undefined) {
    const found = graph.findPackage(target);
    if (found === undefined)
      return `No package '${target}' in the index of ${graph.root}. Packages: ${capped(names, 30, String)}.`;
    names = [...breadthFirst([found.name], next, depth).keys()];
  }
  const lines = [`Package dependencies (${direction}) of ${target ?? graph.root}: ${names.length} package(s)`];
  for (const name of names) {
    const uses = graph.packageDependencies(name);
    const outside = [...graph.externalImports(name).keys()].sort();
    const parts = [`${name} → ${uses.join(', ') || '(no package of the index)'}`];
    if (direction !== 'in' && outside.length > 0) parts.push(`outside: ${capped(outside, 12, String)}`);
    if (direction !== 'out') parts.push(`used by: ${users(name).join(', ') || 'none'}`);
    lines.push(parts.join('; '));
  }
  return lines;
}

function fileLines(graph: CodeGraph, target: string | undefined, direction: string, depth: number): string[] | string {
  let start = [...graph.files.keys()];
  if (target !== undefined) {
    const normalized = normalizeVirtualPath(target);
    if (!normalized.ok) return `'${target}' is not a virtual path: ${normalized.reason}.`;
    const folder = normalized.path;
    start = start.filter((path) => path === folder || path.startsWith(`${folder}/`));
    if (start.length === 0) return `No indexed file at or under ${folder} (the index covers ${graph.root}).`;
  }
  const next = (path: string) => [
    ...(direction !== 'in' ? graph.imported(path) : []),
    ...(direction !== 'out' ? graph.importers(path) : []),
  ];
  const reached = target === undefined ? new Map(start.map((path) => [path, 0])) : breadthFirst(start, next, depth);
  const lines = [
    `File dependencies (${direction}, depth ${depth}) of ${target ?? graph.root}: ${reached.size} file(s)`,
  ];
  for (const [path, step] of reached) {
    const file = graph.files.get(path);
    if (file === undefined) continue;
    const indent = '  '.repeat(Math.min(step, 5));
    const parts: string[] = [];
    if (direction !== 'in') {
      parts.push(`imports ${graph.imported(path).join(', ') || 'no file of the index'}`);
      const outside = [
        ...new Set(file.imports.flatMap((entry) => (entry.external === undefined ? [] : [entry.external]))),
      ];
      if (outside.length > 0) parts.push(`outside: ${capped(outside, 10, String)}`);
      const missing = file.imports.filter(
        (entry) => entry.files.length === 0 && entry.external === undefined && entry.package === undefined,
      );
      if (missing.length > 0) parts.push(`not found: ${capped(missing, 5, (entry) => entry.specifier)}`);
    }
    if (direction !== 'out') parts.push(`imported by ${graph.importers(path).join(', ') || 'no file of the index'}`);
    lines.push(`${indent}${path}: ${parts.join('; ')}`);
  }
  return lines;
}
