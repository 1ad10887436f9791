import module from 'node:module';

/**
 * The packages a crew, script or plugin module may import without installing them itself: the
 * Orkeon packages, and zod, which tools' input schemas are written with (`defineTool`).
 */
const forwardedPackages = [
  '@orkeon/core',
  '@orkeon/mcp',
  '@orkeon/tools',
  '@orkeon/providers',
  '@orkeon/testing',
  '@orkeon/telemetry',
  'zod',
];

let installed = false;

/**
 * Lets crew, script and plugin modules `import { crewBuilder } from '@orkeon/core'` (and
 * `import { z } from 'zod'`) from any folder, even one without a node_modules: those imports
 * resolve to the copies running the command, so modules and the runner share one set of classes.
 */
export function letModulesImportOrkeon(): void {
  if (installed) return;
  installed = true;
  const targets = new Map<string, string>();
  for (const name of forwardedPackages) {
    try {
      targets.set(name, import.meta.resolve(name));
    } catch {
      // Not installed next to the command: the module must bring its own.
    }
  }
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = targets.get(specifier);
      return url === undefined ? nextResolve(specifier, context) : { url, shortCircuit: true };
    },
  });
}
