import module from 'node:module';

/** The Orkeon packages a crew or script module may import without installing them itself. */
const forwardedPackages = [
  '@orkeon/core',
  '@orkeon/mcp',
  '@orkeon/tools',
  '@orkeon/providers',
  '@orkeon/testing',
  '@orkeon/telemetry',
];

let installed = false;

/**
 * Lets crew and script modules `import { crewBuilder } from '@orkeon/core'` from any
 * folder, even one without a node_modules: those imports resolve to the copy of
 * Orkeon running the command, so crews and the runner share one set of classes.
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
