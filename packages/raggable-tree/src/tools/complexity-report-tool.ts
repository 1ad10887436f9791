import { defineTool, normalizeVirtualPath, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { SymbolNode } from '../graph/graph-nodes.js';
import { callableKinds } from '../parsing/extracted-file.js';
import type { RaggableTree } from '../raggable-tree.js';
import { location } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const complexityReportToolName = 'complexity_report';

export const complexityReportInput = z.strictObject({
  path: z.string().min(1).optional().describe('Only functions of files under this virtual path.'),
  package: z.string().min(1).optional().describe('Only functions of this package.'),
  top: z.number().int().min(1).max(100).default(10).describe('How many of the most complex functions to list.'),
  min_complexity: z.number().int().min(1).default(1).describe('Leave out functions below this complexity.'),
});

/** The usual line above which a function is hard to test. */
const highComplexity = 10;

/** `complexity_report`: the functions with the highest cyclomatic complexity, and the figures of the whole. */
export function createComplexityReportTool(tree: () => RaggableTree): Tool<z.output<typeof complexityReportInput>> {
  return defineTool({
    name: complexityReportToolName,
    description:
      'Report cyclomatic complexity (1 + branches: if, loops, case, catch, ?:, &&, ||) of the functions and methods of the code base, a folder or a package: the most complex first, with the average and how many are high.',
    input: complexityReportInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 12_000,
    async execute({ path, package: packageName, top, min_complexity }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const folder = path === undefined ? undefined : normalizeVirtualPath(path);
      if (folder !== undefined && !folder.ok) return `'${path}' is not a virtual path: ${folder.reason}.`;
      if (packageName !== undefined && graph.findPackage(packageName) === undefined)
        return `No package '${packageName}' in the index of ${graph.root}.`;
      const packageFound = packageName === undefined ? undefined : graph.findPackage(packageName)?.name;
      const functions = [...graph.symbols.values()].filter(
        (symbol) =>
          callableKinds.has(symbol.kind) &&
          symbol.complexity !== undefined &&
          (folder === undefined || symbol.file === folder.path || symbol.file.startsWith(`${folder.path}/`)) &&
          (packageFound === undefined || symbol.package === packageFound),
      );
      const scope =
        [packageFound === undefined ? '' : `package ${packageFound}`, folder?.path ?? ''].filter(Boolean).join(', ') ||
        graph.root;
      if (functions.length === 0) return `No function or method in ${scope}.`;
      const values = functions.map((symbol) => symbol.complexity as number);
      const average = values.reduce((sum, value) => sum + value, 0) / values.length;
      const high = values.filter((value) => value >= highComplexity).length;
      const listed = functions
        .filter((symbol) => (symbol.complexity as number) >= min_complexity)
        .sort((a, b) => (b.complexity as number) - (a.complexity as number) || (a.id < b.id ? -1 : 1))
        .slice(0, top);
      const lines = [
        `Complexity of ${functions.length} function(s) and method(s) in ${scope}: average ${average.toFixed(1)}, highest ${Math.max(...values)}; ${high} at ${highComplexity} or more.`,
        ...listed.map(
          (symbol: SymbolNode, index) =>
            `${index + 1}. ${symbol.complexity} ${symbol.kind} ${symbol.id} — ${location(symbol)}`,
        ),
      ];
      if (listed.length === 0) lines.push(`None at ${min_complexity} or more.`);
      return lines.join('\n');
    },
  });
}
