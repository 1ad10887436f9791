import { inToolFamily, type Tool, type ToolFamily } from '@orkeon/core';
import type { TestedToolCatalogueEntry } from '../catalogue/tested-catalogue-entry.js';
import { shellSettings } from './shell-settings.js';
import { createShellTool, shellToolName } from './shell-tool.js';

const catalogue: readonly TestedToolCatalogueEntry[] = [
  {
    name: shellToolName,
    access: 'Execute',
    summary: 'Runs one allowed program without a shell, inside the mounts (Svc:Tools:Shell).',
    needs: 'the allowed programs on PATH (git for git commands)',
    tested: 'real processes in temporary folders, real git repositories; attack suite (escapes, injections)',
  },
];

/** The `shell` family: `shell_command`, configured by `Svc:Tools:Shell`. */
export const shellFamily: ToolFamily = {
  name: 'shell',
  description: 'Runs allowed programs without a shell, inside the mounts.',
  catalogue,
  settingsSections: [shellSettings],
  async createTools({ configuration, logger }) {
    return [inToolFamily(createShellTool(configuration.get(shellSettings), { logger }) as Tool, 'shell')];
  },
};
