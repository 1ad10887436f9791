export { type AddSvcPluginsOptions, addSvcPlugins } from './add-svc-plugins.js';
export { type PluginErrorCode, pluginErrorCodes } from './errors/error-codes.js';
export { definePlugin, type OrkeonPlugin, type PluginContext } from './orkeon-plugin.js';
export {
  PluginExportError,
  PluginLoadError,
  PluginServicesBuildError,
  PluginSettingsUnknownError,
} from './plugin-errors.js';
export {
  type LoadedPlugin,
  type PluginFailure,
  type PluginRegistry,
  PluginRegistryService,
} from './plugin-registry.js';
export { type PluginSettings, pluginSettings } from './plugin-settings.js';
