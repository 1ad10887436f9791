import { OrkeonError } from '@orkeon/core';
import type { PluginErrorCode } from './errors/error-codes.js';

/**
 * A plugin that could not be loaded. `file` is the virtual path of the plugin (or of the
 * plugin folder when it cannot be listed); `cause` is what went wrong.
 */
export class PluginLoadError extends OrkeonError<PluginErrorCode> {
  /** The virtual path of the plugin module, or of `Plugins:Directory` when the folder itself failed. */
  readonly file: string;

  constructor(file: string, reason: string, cause?: unknown) {
    super('PLUGIN_LOAD_FAILED', `Plugin '${file}' could not be loaded: ${reason}`, {
      ...(cause === undefined ? {} : { cause }),
      details: { file },
    });
    this.file = file;
  }
}

/** A module that does not export the plugin shape, or a plugin whose name is taken. */
export class PluginExportError extends OrkeonError<PluginErrorCode> {
  constructor(message: string) {
    super('PLUGIN_EXPORT_INVALID', message);
  }
}

/** A plugin called `build()` on the services it was given. */
export class PluginServicesBuildError extends OrkeonError<PluginErrorCode> {
  constructor() {
    super(
      'PLUGIN_SERVICES_BUILD_REFUSED',
      'A plugin may only register services in configureServices; it must not call build(): the host builds the services once every plugin has loaded.',
    );
  }
}

/** `Plugins:Settings` names a plugin that did not load. */
export class PluginSettingsUnknownError extends OrkeonError<PluginErrorCode> {
  constructor(names: readonly string[], loaded: readonly string[]) {
    super(
      'PLUGIN_SETTINGS_UNKNOWN',
      `Plugins:Settings names ${names.map((name) => `'${name}'`).join(', ')}, which no loaded plugin is called. Loaded plugins: ${loaded.length === 0 ? '(none)' : loaded.join(', ')}. Fix the name (a plugin's exported name) or remove the entry.`,
    );
  }
}
