import picomatch from 'picomatch';
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { toolFailure } from '../tool-result.js';
import { vfsRefusal } from './vfs-tool-result.js';

const maximumPatternLength = 500;

export const countPatternTool = defineTool({
  name: 'count_pattern',
  description:
    'Count the matches of a regular expression in a file, or in every file below a directory. Reports the count per file and the total.',
  access: 'Read',
  input: z.strictObject({
    path: z.string().describe('Virtual path of a file or directory.'),
    pattern: z.string().min(1).max(maximumPatternLength).describe('Regular expression (JavaScript syntax).'),
    ignore_case: z.boolean().default(false),
    recursive: z.boolean().default(true).describe('For a directory: also count in its sub-directories.'),
    file_pattern: z.string().optional().describe('Glob on file names, e.g. "*.ts".'),
  }),
  async execute({ path, pattern, ignore_case, recursive, file_pattern }, { vfs, signal }) {
    let expression: RegExp;
    try {
      expression = new RegExp(pattern, ignore_case ? 'gi' : 'g');
    } catch (error) {
      return toolFailure(`'${pattern}' is not a valid regular expression: ${(error as Error).message}.`);
    }
    const target = await vfs.stat(path);
    if (!target.ok) return vfsRefusal(target);
    let files = [target.value.path];
    if (target.value.kind === 'directory') {
      const listed = await vfs.list(target.value.path, { recursive });
      if (!listed.ok) return vfsRefusal(listed);
      const matchesName =
        file_pattern === undefined ? () => true : picomatch(file_pattern, { dot: true, basename: true });
      files = listed.value.entries
        .filter((entry) => entry.kind === 'file' && matchesName(entry.path))
        .map((entry) => entry.path);
    }
    const counts: string[] = [];
    let total = 0;
    let matchedFiles = 0;
    for (const file of files) {
      if (signal.aborted) break;
      const text = await vfs.readText(file);
      if (!text.ok) {
        counts.push(`${file}: skipped (${text.message})`);
        continue;
      }
      const count = [...text.value.matchAll(expression)].length;
      if (count > 0) {
        counts.push(`${file}: ${count}`);
        matchedFiles++;
        total += count;
      }
    }
    counts.push(
      `Total: ${total} match${total === 1 ? '' : 'es'} in ${matchedFiles} of ${files.length} file${files.length === 1 ? '' : 's'}.`,
    );
    return counts.join('\n');
  },
});
