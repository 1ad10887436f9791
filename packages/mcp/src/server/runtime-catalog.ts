import type { CrewDefinition, Runtime } from '@orkeon/core';
import { crewPrompts } from './crew-prompts.js';
import { crewResources } from './crew-resources.js';
import type { McpCatalog } from './mcp-catalog.js';
import { servedTools, unknownTool } from './served-tools.js';

export interface RuntimeCatalogOptions {
  readonly runtime: Runtime;
  /** The crew whose agents (`ask_<id>`), deliverables and tasks are served. */
  readonly crew?: CrewDefinition;
  /** Serve only these tools (`--tools`); an unknown name refuses the start. */
  readonly tools?: readonly string[];
}

/** What `orkeon mcp serve` offers, built over a runtime; every tool call crosses its pipeline. */
export function createRuntimeCatalog(options: RuntimeCatalogOptions): McpCatalog {
  const tools = servedTools(options.runtime, options.crew, options.tools);
  const descriptions = [...tools.values()].map((tool) => tool.description);
  const resources = crewResources(options.crew, options.runtime.vfs.agentView());
  const prompts = crewPrompts(options.crew);
  return {
    listTools: () => descriptions,
    async callTool(name, input, context) {
      const tool = tools.get(name) ?? [...tools].find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      if (tool === undefined) throw unknownTool(name, tools.keys());
      return tool.call(input, context);
    },
    listResources: resources.list,
    readResource: resources.read,
    listPrompts: prompts.list,
    getPrompt: prompts.get,
  };
}
