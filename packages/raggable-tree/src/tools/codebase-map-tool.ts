import { defineTool, normalizeVirtualPath, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph.js';
import type { FileNode, PackageNode } from '../graph/graph-nodes.js';
import type { RaggableTree } from '../raggable-tree.js';
import { capped, describeLanguages } from './text-format.js';
import { codeQueryTimeoutMilliseconds } from './tool-timeouts.js';

export const codebaseMapToolName = 'codebase_map';

export const codebaseMapInput = z.strictObject({
  path: z.string().min(1).optional().describe('Map only this folder (a virtual path); default the whole index.'),
  depth: z
    .number()
    .int()
    .min(1)
    .max(3)
    .default(2)
    .describe('1: packages; 2: and their files; 3: and each file’s top-level symbols.'),
  max_lines: z.number().int().min(10).max(400).default(120).describe('Longest answer, in lines.'),
});

/** `codebase_map`: the index as a tree of levels: L0 the folder, L1 packages, L2 files, L3 top-level symbols. */
export function createCodebaseMapTool(tree: () => RaggableTree): Tool<z.output<typeof codebaseMapInput>> {
  return defineTool({
    name: codebaseMapToolName,
    description:
      'Map the indexed code base: its packages (with frameworks), their files, and each file’s top-level symbols. Start here to find your way in unknown code.',
    input: codebaseMapInput,
    access: 'Read',
    timeoutMilliseconds: codeQueryTimeoutMilliseconds,
    maxResultCharacters: 16_000,
    async execute({ path, depth, max_lines }, context) {
      const graph = await tree().graph({ signal: context.signal });
      const folder = path === undefined ? undefined : normalizeVirtualPath(path);
      if (folder !== undefined && !folder.ok) return `'${path}' is not a virtual path: ${folder.reason}.`;
      const under = (file: string) =>
        folder === undefined || file === folder.path || file.startsWith(`${folder.path === '/' ? '' : folder.path}/`);
      const files = [...graph.files.values()].filter((file) => under(file.path));
      if (files.length === 0)
        return `No indexed file under ${folder?.path ?? graph.root} (the index covers ${graph.root}).`;
      const lines = [header(graph, files, folder?.path)];
      for (const entry of graph.packages.values()) {
        const own = files.filter((file) => file.package === entry.name);
        if (own.length === 0) continue;
        lines.push(packageLine(entry, own));
        if (depth === 1) continue;
        for (const file of own) {
          lines.push(`  L2 ${file.module} (${file.language}, ${file.symbols.length} symbol(s))`);
          if (depth === 3) {
            const top = file.symbols
              .map((id) => graph.symbols.get(id))
              .filter((symbol) => symbol?.parent === undefined);
            if (top.length > 0) lines.push(`    L3 ${capped(top, 12, (symbol) => `${symbol?.kind} ${symbol?.name}`)}`);
          }
        }
      }
      if (lines.length <= max_lines) return lines.join('\n');
      return `${lines.slice(0, max_lines).join('\n')}\n… ${lines.length - max_lines} more line(s): map a folder (path) or use a smaller depth.`;
    },
  });
}

function header(graph: CodeGraph, files: readonly FileNode[], folder: string | undefined): string {
  const languages: Record<string, number> = {};
  for (const file of files) languages[file.language] = (languages[file.language] ?? 0) + 1;
  const symbols = files.reduce((sum, file) => sum + file.symbols.length, 0);
  const packages = new Set(files.map((file) => file.package)).size;
  return `L0 ${folder ?? graph.root}: ${packages} package(s), ${files.length} file(s), ${symbols} symbol(s); ${describeLanguages(languages)}`;
}

function packageLine(entry: PackageNode, files: readonly FileNode[]): string {
  const manifests = entry.manifests.map((manifest) => manifest.path.slice(manifest.path.lastIndexOf('/') + 1));
  const symbols = files.reduce((sum, file) => sum + file.symbols.length, 0);
  const frameworks = entry.frameworks.length === 0 ? '' : `; frameworks: ${entry.frameworks.join(', ')}`;
  const source = manifests.length === 0 ? '' : `, ${manifests.join(', ')}`;
  return `L1 ${entry.name} (${entry.folder}${source}): ${files.length} file(s), ${symbols} symbol(s)${frameworks}`;
}
