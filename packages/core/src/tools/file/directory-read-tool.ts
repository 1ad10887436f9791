import { z } from 'zod';
import { defineTool } from '../tool.js';
import { vfsRefusal } from './vfs-tool-result.js';

export const directoryReadTool = defineTool({
  name: 'directory_read',
  description:
    'List a directory by its virtual path. Folders end with "/". pattern is a glob: "*.md" matches names, "src/**/*.ts" paths below the directory.',
  access: 'Read',
  input: z.strictObject({
    path: z.string().describe('Virtual path of the directory.'),
    pattern: z.string().optional().describe('Glob the entries must match.'),
    recursive: z.boolean().default(false).describe('List everything below the directory, not only its direct entries.'),
  }),
  async execute({ path, pattern, recursive }, { vfs }) {
    const listed = await vfs.list(path, pattern === undefined ? { recursive } : { recursive, pattern });
    if (!listed.ok) return vfsRefusal(listed);
    const { entries, truncated } = listed.value;
    if (entries.length === 0) return `No entries in '${path}'${pattern === undefined ? '' : ` match '${pattern}'`}.`;
    const lines = entries.map((entry) =>
      entry.kind === 'directory'
        ? `${entry.path}/`
        : entry.kind === 'file'
          ? `${entry.path} (${entry.size} bytes)`
          : `${entry.path} (${entry.kind === 'symlink' ? 'symbolic link' : 'special file'})`,
    );
    if (truncated) lines.push(`[listing stopped after ${entries.length} entries; narrow it with pattern]`);
    return lines.join('\n');
  },
});
