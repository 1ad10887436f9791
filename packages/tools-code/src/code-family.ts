import { inToolFamily, type ToolCatalogueEntry, type ToolFamily } from '@orkeon/core';
import { codeInterpreterToolName, createCodeInterpreterTool } from './code-interpreter/code-interpreter-tool.js';
import { codeSettings } from './code-interpreter/code-settings.js';

/** A catalogue entry with the line docs/tools.md shows under "How it is tested". */
type TestedCatalogueEntry = ToolCatalogueEntry & { readonly tested: string };

const catalogue: readonly TestedCatalogueEntry[] = [
  {
    name: codeInterpreterToolName,
    access: 'Execute',
    summary:
      'Runs JavaScript or TypeScript (types erased) in a QuickJS WebAssembly sandbox; returns console output and the result as JSON.',
    tested:
      'the real QuickJS engine on worker threads: time, memory, stack and output limits, cancellation, 1,000 calls measured for leaks, escape classes (host objects, modules, network to a loopback server, prototype pollution, getters and proxies)',
  },
];

/**
 * The `code` tool family: `code_interpreter`, JavaScript and TypeScript in a QuickJS
 * WebAssembly sandbox. Settings: `Svc:Tools:Code`. Importing the package loads no
 * engine; the sandbox's worker threads start on the first call.
 */
export const codeFamily: ToolFamily = {
  name: 'code',
  description: 'Runs JavaScript and TypeScript in a WebAssembly sandbox with no host access.',
  catalogue,
  settingsSections: [codeSettings],
  async createTools({ configuration, logger }) {
    const settings = configuration.get(codeSettings);
    if (!settings.Enabled) return [];
    return [inToolFamily(createCodeInterpreterTool(settings, { logger }), 'code')];
  },
};
