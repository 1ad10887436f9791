import type { CrewDefinition, Runtime } from '@orkeon/core';
import { crewPrompts } from './crew-prompts.js';
import { crewResources } from './crew-resources.js';
import type { McpServerAdditions } from './host-additions.js';
import { hostPrompts } from './host-prompts.js';
import { hostResources } from './host-resources.js';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpCatalog } from './mcp-catalog.js';
import { servedTools, unknownTool } from './served-tools.js';

export interface RuntimeCatalogOptions extends McpServerAdditions {
  readonly runtime: Runtime;
  /** The crew whose agents (`ask_<id>`), deliverables and tasks are served. */
  readonly crew?: CrewDefinition;
  /** Serve only these tools (`--tools`); an unknown name refuses the start. */
  readonly tools?: readonly string[];
}

/**
 * What `orkeon mcp serve` offers, built over a runtime; every tool call crosses its
 * pipeline. The host's resources, templates and prompts join the crew's; a URI or
 * prompt name served twice refuses the start.
 */
export function createRuntimeCatalog(options: RuntimeCatalogOptions): McpCatalog {
  const tools = servedTools(options.runtime, options.crew, options.tools);
  const descriptions = [...tools.values()].map((tool) => tool.description);
  const resources = crewResources(options.crew, options.runtime.vfs.agentView());
  const prompts = crewPrompts(options.crew);
  const host = hostResources(
    options.resources ?? [],
    options.resourceTemplates ?? [],
    resources.list().map((resource) => resource.uri),
  );
  const hostPromptSet = hostPrompts(
    options.prompts ?? [],
    prompts.list().map((prompt) => prompt.name),
  );
  const allResources = [...resources.list(), ...host.list()];
  const allPrompts = [...prompts.list(), ...hostPromptSet.list()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return {
    listTools: () => descriptions,
    async callTool(name, input, context) {
      const tool = tools.get(name) ?? [...tools].find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      if (tool === undefined) throw unknownTool(name, tools.keys());
      return tool.call(input, context);
    },
    listResources: () => allResources,
    listResourceTemplates: host.listTemplates,
    async readResource(uri) {
      return (
        (await host.read(uri)) ??
        resources.read(
          uri,
          host.list().map((resource) => resource.uri),
        )
      );
    },
    async watchResource(uri, changed) {
      const watched = host.watch(uri, changed) ?? (await resources.watch(uri, () => changed(uri)));
      if (watched !== undefined) return watched;
      throw new JsonRpcFailure(
        jsonRpcCodes.invalidParams,
        `Resource not found: '${uri}'. Served resources: ${allResources.map((resource) => resource.uri).join(', ') || '(none)'}.`,
        { uri },
      );
    },
    listPrompts: () => allPrompts,
    async getPrompt(name, input) {
      return (await hostPromptSet.get(name, input)) ?? prompts.get(name, input, hostPromptSet.names());
    },
  };
}
