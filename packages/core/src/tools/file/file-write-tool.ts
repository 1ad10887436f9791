import { z } from 'zod';
import { defineTool } from '../tool.js';
import { vfsRefusal } from './vfs-tool-result.js';

export const fileWriteTool = defineTool({
  name: 'file_write',
  description:
    'Write text to a file by its virtual path, replacing it, or appending with append=true. Missing folders are created.',
  access: 'Edit',
  input: z.strictObject({
    path: z.string().describe('Virtual path of the file.'),
    content: z.string().describe('The text to write.'),
    append: z.boolean().default(false).describe('Add to the end of the file instead of replacing it.'),
  }),
  async execute({ path, content, append }, { vfs }) {
    const written = await vfs.writeText(path, content, { append });
    if (!written.ok) return vfsRefusal(written);
    const { bytesWritten, created } = written.value;
    const verb = append ? 'Appended' : 'Wrote';
    return `${verb} ${bytesWritten} bytes to '${written.value.path}'${created ? ' (new file)' : ''}.`;
  },
});
