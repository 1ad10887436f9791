import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph.js';
import type { PackageNode, SymbolNode } from '../graph/graph-nodes.js';
import { callableKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { capped, describeLanguages, location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const packageSummaryToolName = 'package_summary';

export const packageSummaryInput = z.strictObject({
  package: z.string().min(1).describe('A package name as codebase_map shows it, or its folder (a virtual path).'),
});

/** `package_summary`: one package (level L1): its frameworks, dependencies both ways, exported API and hot spots. */
export function createPackageSummaryTool(tree: () => RaggableTree): Tool<z.output<typeof packageSummaryInput>> {
  return defineTool({
    name: packageSummaryToolName,
    description:
      'Summarise one package of the code base: languages, frameworks, the packages it uses and that use it, outside dependencies, its exported API and its most complex functions.',
    input: packageSummaryInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 8_000,
    async execute({ package: reference }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const entry = graph.findPackage(reference);
      if (entry === undefined)
        return `No package '${reference}' in the index of ${graph.root}. Packages: ${capped([...graph.packages.keys()], 30, String)}.`;
      return summary(graph, entry);
    },
  });
}

function summary(graph: CodeGraph, entry: PackageNode): string {
  const symbols = entry.files
    .flatMap((path) => graph.files.get(path)?.symbols ?? [])
    .map((id) => graph.symbols.get(id) as SymbolNode);
  const languages: Record<string, number> = {};
  for (const path of entry.files) {
    const language = graph.files.get(path)?.language;
    if (language !== undefined) languages[language] = (languages[language] ?? 0) + 1;
  }
  const manifests = entry.manifests.map((manifest) => manifest.path).join(', ') || 'no project file (the root folder)';
  const usedBy = [...graph.packages.keys()].filter(
    (name) => name !== entry.name && graph.packageDependencies(name).includes(entry.name),
  );
  const external = [...graph.externalImports(entry.name)].sort(([, a], [, b]) => b - a);
  const exported = symbols.filter((symbol) => symbol.exported && symbol.parent === undefined);
  const complex = symbols
    .filter((symbol) => callableKinds.has(symbol.kind))
    .sort((a, b) => (b.complexity ?? 0) - (a.complexity ?? 0))
    .slice(0, 5);
  const lines = [
    `Package ${entry.name} (${entry.folder}): ${entry.files.length} file(s), ${symbols.length} symbol(s); ${describeLanguages(languages)}.`,
    `Project files: ${manifests}.`,
    `Frameworks: ${entry.frameworks.join(', ') || 'none recognised'}.`,
    `Uses (in the index): ${graph.packageDependencies(entry.name).join(', ') || 'none'}. Used by: ${usedBy.join(', ') || 'none'}.`,
    `Declared dependencies (${entry.declaredDependencies.length}): ${capped(entry.declaredDependencies, 25, String) || 'none'}.`,
    `Imported from outside: ${capped(external, 15, ([name, count]) => `${name} ×${count}`) || 'nothing'}.`,
    `Exported top-level symbols (${exported.length}): ${capped(exported, 25, (symbol) => `${symbol.kind} ${symbol.name} (${symbol.module})`) || 'none'}.`,
  ];
  if (complex.length > 0)
    lines.push(
      `Most complex: ${complex.map((symbol) => `${symbol.path.join('::')} ${symbol.complexity} (${location(symbol)})`).join('; ')}.`,
    );
  return lines.join('\n');
}
