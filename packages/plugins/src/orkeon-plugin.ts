import type { Configuration, Logger, ServiceCollection } from '@orkeon/core';

/** What a plugin's `configureServices` is given besides the services. */
export interface PluginContext {
  /** The host's settings (already judged). */
  readonly configuration: Configuration;
  /** The plugin's own entry of `Plugins:Settings` (by its name), `{}` when there is none. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly logger: Logger;
  /** The virtual path the plugin was loaded from. */
  readonly file: string;
}

/**
 * A plugin: an ES module that exports `name`, `version` and `configureServices` (as named
 * exports, or as its default export, e.g. `export default definePlugin({ … })`).
 * `configureServices` registers services (tools, a model factory, a memory store, …) before
 * the host builds its runtime. A plugin runs with full trust: it can do anything the process can.
 */
export interface OrkeonPlugin {
  /** Unique among the loaded plugins; `Plugins:Settings` is keyed by it. */
  readonly name: string;
  readonly version: string;
  configureServices(services: ServiceCollection, context: PluginContext): void | Promise<void>;
}

/** Declares a plugin with its types checked; the value is returned as given. */
export function definePlugin<Plugin extends OrkeonPlugin>(plugin: Plugin): Plugin {
  return plugin;
}
