import type { ToolAccess } from '../tools/tool.js';

/** What a tool call does, as the gate sees it. Unknown tools are `write`: treated as changing things. */
export type ToolClass = 'read' | 'edit' | 'execute' | 'write';

const readTools = new Set([
  'file_read',
  'directory_read',
  'directory_search',
  'count_pattern',
  'list_mounts',
  'session_store',
  'session_snip',
  'session_stats',
  'session_cost',
  'token_budget',
  'memory_store',
  'local_embed_text',
  'csv_reader',
  'pdf_reader',
  'docx_reader',
  'xlsx_reader',
  'txt_search',
  'pdf_search',
  'mdx_search',
]);
const readPrefixes = ['codebase_', 'symbol_', 'index_'];
const editTools = new Set(['file_write']);

/**
 * A declared `access` wins; a tool that declares nothing is looked up in the name
 * tables; a name in neither counts as a write.
 */
export function classifyTool(name: string, access: ToolAccess = 'Unspecified'): ToolClass {
  if (access === 'Read') return 'read';
  if (access === 'Edit') return 'edit';
  if (access === 'Execute') return 'execute';
  const key = name.toLowerCase();
  if (readTools.has(key) || readPrefixes.some((prefix) => key.startsWith(prefix))) return 'read';
  if (editTools.has(key)) return 'edit';
  return 'write';
}

export function describeToolClass(toolClass: ToolClass): string {
  switch (toolClass) {
    case 'read':
      return 'reads';
    case 'edit':
      return 'edits files';
    case 'execute':
      return 'runs commands or reaches outside systems';
    case 'write':
      return 'is not known to be read-only, so it counts as a write';
  }
}
