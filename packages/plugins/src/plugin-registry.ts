import { serviceToken } from '@orkeon/core';
import type { OrkeonPlugin } from './orkeon-plugin.js';
import type { PluginLoadError } from './plugin-errors.js';

/** A plugin that loaded and registered its services. */
export interface LoadedPlugin {
  readonly name: string;
  readonly version: string;
  /** The virtual path it was loaded from. */
  readonly file: string;
  readonly plugin: OrkeonPlugin;
}

/** A plugin that did not load (recorded only with `Plugins:ContinueOnError`). */
export interface PluginFailure {
  /** The virtual path of the module, or of the folder when it could not be listed. */
  readonly file: string;
  /** Its `cause` is what went wrong (an import error, a `PluginExportError`, what `configureServices` threw). */
  readonly error: PluginLoadError;
}

/**
 * What `addSvcPlugins` loaded and what failed, in load order. There is no unloading: an
 * imported module stays in the process until it ends.
 */
export interface PluginRegistry {
  readonly plugins: readonly LoadedPlugin[];
  readonly failures: readonly PluginFailure[];
}

/** The registry of the plugins `addSvcPlugins` loaded; resolve it to see what a host runs with. */
export const PluginRegistryService = serviceToken<PluginRegistry>('PluginRegistry');
