import { z } from 'zod';
import { defineTool } from '../tool.js';
import { vfsRefusal } from './vfs-tool-result.js';

export const fileReadTool = defineTool({
  name: 'file_read',
  description: 'Read a text file by its virtual path (e.g. /workspace/readme.md).',
  access: 'Read',
  maxResultCharacters: 32_000,
  input: z.strictObject({
    path: z.string().describe('Virtual path of the file.'),
  }),
  async execute({ path }, { vfs }) {
    const read = await vfs.readText(path);
    return read.ok ? read.value : vfsRefusal(read);
  },
});
