/** Every error code of `@orkeon/plugins`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const pluginErrorCodes = {
  PLUGIN_LOAD_FAILED:
    'A plugin could not be loaded: its folder cannot be listed through the file system, its module cannot be read or imported, it does not export a plugin, or its configureServices threw. The message names the file and the cause; Plugins:ContinueOnError = true records the failure and goes on.',
  PLUGIN_EXPORT_INVALID:
    'A plugin module does not export the plugin shape (name, version, configureServices), or a second plugin has a name already loaded: the message names what is missing or taken.',
  PLUGIN_SERVICES_BUILD_REFUSED:
    'A plugin called build() on the services it was given: plugins only register services; the host builds them once, after every plugin has loaded.',
  PLUGIN_SETTINGS_UNKNOWN:
    'Plugins:Settings names a plugin that was not loaded: fix the name (it is the plugin’s exported name) or remove the entry.',
} as const;

export type PluginErrorCode = keyof typeof pluginErrorCodes;
