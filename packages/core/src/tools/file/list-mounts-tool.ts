import { z } from 'zod';
import { describeRights } from '../../vfs/file-rights.js';
import { defineTool } from '../tool.js';

export const listMountsTool = defineTool({
  name: 'list_mounts',
  description: 'List the folders (mounts) you can use, with what you may do in each.',
  access: 'Read',
  input: z.strictObject({}),
  async execute(_input, { vfs }) {
    const mounts = vfs.mounts();
    if (mounts.length === 0) return 'No folders are mounted.';
    return mounts
      .flatMap((mount) => [
        `${mount.virtualPath} (${mount.rights}: ${describeRights(mount.rights).toLowerCase()})`,
        ...mount.overrides.map(
          (override) =>
            `  ${override.virtualPath} (${override.rights}: ${describeRights(override.rights).toLowerCase()})`,
        ),
      ])
      .join('\n');
  },
});
