import {
  type Configuration,
  createLogger,
  type Logger,
  OrkeonError,
  type ServiceCollection,
  type Tool,
  ToolService,
} from '@orkeon/core';
import { ToolFamilyError } from '../errors/tool-family-error.js';
import { loadToolFamilies, type ToolFamilyLoadOptions } from './load-tool-family.js';

export interface AddSvcToolsOptions extends ToolFamilyLoadOptions {
  /**
   * The families to offer, by name (`['session', 'web']`). Default: every known
   * family whose package is installed and exports it; the others are skipped and
   * listed in the answer. A family named here that cannot be loaded is an error.
   */
  readonly families?: readonly string[];
  /** Handed to the families' `createTools`; default a logger writing warnings to standard error. */
  readonly logger?: Logger;
}

/** What `addSvcTools` registered, and which families it skipped and why. */
export interface AddedToolFamilies {
  readonly families: readonly { readonly name: string; readonly tools: readonly string[] }[];
  readonly skipped: readonly { readonly name: string; readonly packageName: string; readonly reason: string }[];
}

/**
 * Registers the tools of the chosen families as `ToolService` instances, so every
 * runtime built from `services` offers them and `family:<name>` names them in a
 * crew. Each family package is loaded here with `await import()`, never by
 * `createRuntime`; so this is async: `await addSvcTools(...)` before `createRuntime`.
 * A tool whose name the host registered already (as an instance) is left out: the
 * host's own choice wins.
 */
export async function addSvcTools(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcToolsOptions = {},
): Promise<AddedToolFamilies> {
  const logger = options.logger ?? createLogger({ level: 'warn' });
  const loaded = await loadToolFamilies(options);
  const explicit = options.families !== undefined;
  const taken = hostToolNames(services);
  const families: { name: string; tools: string[] }[] = [];
  const skipped: { name: string; packageName: string; reason: string }[] = [];
  for (const availability of loaded) {
    if ('error' in availability) {
      if (explicit) throw availability.error;
      // Not installed or not exporting its family yet is a choice of the set-up; a package that breaks is not.
      const level = availability.error.code === 'TOOLS_FAMILY_LOAD_FAILED' ? 'warn' : 'debug';
      logger[level]({ family: availability.name, reason: availability.error.message }, 'tool family skipped');
      skipped.push({
        name: availability.name,
        packageName: availability.packageName,
        reason: availability.error.message,
      });
      continue;
    }
    const tools = await createFamilyTools(availability.family.createTools.bind(availability.family), {
      name: availability.name,
      packageName: availability.packageName,
      configuration,
      logger,
    });
    const offered: string[] = [];
    for (const tool of tools) {
      if (taken.has(tool.name.toLowerCase())) {
        logger.debug({ tool: tool.name, family: availability.name }, 'the host registered this tool name already');
        continue;
      }
      services.addInstance(ToolService, tool);
      taken.add(tool.name.toLowerCase());
      offered.push(tool.name);
    }
    families.push({ name: availability.name, tools: offered });
  }
  return { families, skipped };
}

async function createFamilyTools(
  createTools: (context: { configuration: Configuration; logger: Logger }) => Promise<readonly Tool[]>,
  family: { name: string; packageName: string; configuration: Configuration; logger: Logger },
): Promise<readonly Tool[]> {
  try {
    return await createTools({
      configuration: family.configuration,
      logger: family.logger.child({ family: family.name }),
    });
  } catch (error) {
    // The family's own errors already name the setting or the package to install.
    if (OrkeonError.isInstance(error)) throw error;
    throw new ToolFamilyError(
      'TOOLS_FAMILY_LOAD_FAILED',
      `The tool family '${family.name}' (${family.packageName}) could not build its tools: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
}

/** Names of the tools the host registered as instances; a factory registration cannot be read without building it. */
function hostToolNames(services: ServiceCollection): Set<string> {
  const names = new Set<string>();
  const unavailable = () => {
    throw new Error('not resolvable here');
  };
  const resolver = { get: unavailable, tryGet: unavailable, getAll: unavailable };
  for (const registration of services.registrationsOf(ToolService)) {
    if (registration.owned) continue;
    try {
      names.add(registration.factory(resolver).name.toLowerCase());
    } catch {
      // Not a ready-made instance after all.
    }
  }
  return names;
}
