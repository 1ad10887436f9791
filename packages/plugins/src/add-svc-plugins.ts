import {
  type Configuration,
  createLogger,
  type FileSystem,
  type Logger,
  type MountDefinition,
  type ServiceCollection,
} from '@orkeon/core';
import { discoverPlugins } from './plugin-discovery.js';
import { PluginExportError, PluginLoadError, PluginSettingsUnknownError } from './plugin-errors.js';
import { pluginFileSystem } from './plugin-file-system.js';
import { importPluginModule, pluginOf } from './plugin-module.js';
import {
  type LoadedPlugin,
  type PluginFailure,
  type PluginRegistry,
  PluginRegistryService,
} from './plugin-registry.js';
import { type PluginSettings, pluginSettings } from './plugin-settings.js';
import { StagedServiceCollection } from './staged-service-collection.js';

export interface AddSvcPluginsOptions {
  /**
   * The file system the plugins are found in. Default: one built like the runtime's,
   * from `Svc:FileSystem` and `mounts`.
   */
  readonly fileSystem?: FileSystem;
  /** Mounts besides `Svc:FileSystem:Mounts` (when no `fileSystem` is given): `'./plugins:/plugins:ro'`. */
  readonly mounts?: readonly (MountDefinition | string)[];
  /** Folder relative physical paths of `mounts` start from. Default: the working directory. */
  readonly baseDirectory?: string;
  /** Where loads and recorded failures are logged; default a new logger. */
  readonly logger?: Logger;
}

/**
 * Loads the plugins of `Plugins:Directory` (a virtual path, listed and read through the
 * file system, so the mount's rights apply) and lets each register its services in
 * `services`, in the order of their paths. Call it after the host's own registrations and
 * before `createRuntime`, and await it: plugins are imported here. Registers the
 * `PluginRegistryService` (plugins and failures); a second call on the same collection
 * does nothing.
 *
 * A failure (a folder that cannot be listed, a module that cannot be imported or does not
 * export a plugin, a `configureServices` that throws) throws `PluginLoadError` naming the
 * file, unless `Plugins:ContinueOnError` is true: then it is recorded and logged, and what
 * the failed plugin registered is dropped.
 *
 * Plugins run with **full trust**: a plugin can do anything the process can. Never
 * registered implicitly; `orkeon run` and `orkeon serve` call it when the `Plugins`
 * section is present. Beta.
 */
export async function addSvcPlugins(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcPluginsOptions = {},
): Promise<ServiceCollection> {
  if (services.has(PluginRegistryService)) return services;
  const settings = configuration.get(pluginSettings);
  const logger = options.logger ?? createLogger();
  const fileSystem =
    options.fileSystem ?? (await pluginFileSystem(configuration, options.mounts ?? [], options.baseDirectory));
  const plugins: LoadedPlugin[] = [];
  const failures: PluginFailure[] = [];
  const fail = (error: PluginLoadError): void => {
    if (!settings.ContinueOnError) throw error;
    failures.push({ file: error.file, error });
    logger.warn({ file: error.file, code: error.code }, `${error.message} (Plugins:ContinueOnError: the others load)`);
  };
  for (const found of await discoverPlugins(fileSystem, settings.Directory, settings.SearchPattern)) {
    if (!('physicalPath' in found)) {
      fail(new PluginLoadError(found.file, found.reason));
      continue;
    }
    const loaded = await loadPlugin(
      found.file,
      found.physicalPath,
      { services, configuration, settings, logger },
      plugins,
    );
    if (loaded instanceof PluginLoadError) fail(loaded);
    else {
      plugins.push(loaded);
      logger.info({ plugin: loaded.name, version: loaded.version, file: loaded.file }, 'plugin loaded');
    }
  }
  checkSettingsNames(settings, plugins, logger);
  const registry: PluginRegistry = { plugins, failures };
  services.addInstance(PluginRegistryService, registry);
  return services;
}

interface LoadContext {
  readonly services: ServiceCollection;
  readonly configuration: Configuration;
  readonly settings: PluginSettings;
  readonly logger: Logger;
}

/** Imports one module and runs its `configureServices` on a stage, committed only when it finishes. */
async function loadPlugin(
  file: string,
  physicalPath: string,
  context: LoadContext,
  loaded: readonly LoadedPlugin[],
): Promise<LoadedPlugin | PluginLoadError> {
  let module: Record<string, unknown>;
  try {
    module = await importPluginModule(physicalPath);
  } catch (error) {
    return new PluginLoadError(
      file,
      `importing it failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      error,
    );
  }
  try {
    const plugin = pluginOf(module, file);
    const taken = loaded.find((other) => other.name === plugin.name);
    if (taken !== undefined)
      throw new PluginExportError(`A plugin named '${plugin.name}' is already loaded from '${taken.file}'.`);
    const stage = new StagedServiceCollection(context.services);
    await plugin.configureServices(stage, {
      configuration: context.configuration,
      settings: context.settings.Settings[plugin.name] ?? {},
      logger: context.logger.child({ plugin: plugin.name }),
      file,
    });
    stage.commit();
    return { name: plugin.name, version: plugin.version, file, plugin };
  } catch (error) {
    const reason = PluginExportError.isInstance(error)
      ? error.message
      : `its configureServices threw: ${messageOf(error)}`;
    return new PluginLoadError(file, reason, error);
  }
}

/** `Plugins:Settings` entries must name loaded plugins; with ContinueOnError a failed plugin may be meant, so it only warns. */
function checkSettingsNames(settings: PluginSettings, plugins: readonly LoadedPlugin[], logger: Logger): void {
  const names = plugins.map((plugin) => plugin.name);
  const unknown = Object.keys(settings.Settings).filter((name) => !names.includes(name));
  if (unknown.length === 0) return;
  const error = new PluginSettingsUnknownError(unknown, names);
  if (!settings.ContinueOnError) throw error;
  logger.warn({ code: error.code }, error.message);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
