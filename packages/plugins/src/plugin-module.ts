import { pathToFileURL } from 'node:url';
import type { OrkeonPlugin } from './orkeon-plugin.js';
import { PluginExportError } from './plugin-errors.js';

/** The plugin a module exports: its default export when that is an object, else its named exports. */
export function pluginOf(module: Record<string, unknown>, file: string): OrkeonPlugin {
  const exported = module.default;
  const candidate = (typeof exported === 'object' && exported !== null ? exported : module) as Record<string, unknown>;
  const missing: string[] = [];
  if (typeof candidate.name !== 'string' || candidate.name.trim() === '') missing.push("'name' (a non-empty string)");
  if (typeof candidate.version !== 'string' || candidate.version.trim() === '')
    missing.push("'version' (a non-empty string)");
  if (typeof candidate.configureServices !== 'function')
    missing.push("'configureServices' (a function (services, context) => void)");
  if (missing.length > 0)
    throw new PluginExportError(
      `'${file}' is not a plugin: it exports no ${missing.join(', no ')}. Export them by name, or export default definePlugin({ name, version, configureServices }).`,
    );
  return candidate as unknown as OrkeonPlugin;
}

/** Imports the module at `physicalPath` (by its file URL, so every path form works). */
export async function importPluginModule(physicalPath: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(physicalPath).href)) as Record<string, unknown>;
}
