import type { CrewDefinition, Runtime } from '@orkeon/core';
import { DualEraDispatcher, type McpServerIdentity } from './dual-era-dispatcher.js';
import type { McpServerAdditions } from './host-additions.js';
import { createRuntimeCatalog } from './runtime-catalog.js';

/**
 * `resources`, `resourceTemplates` and `prompts` (made with `defineMcpResource`,
 * `defineMcpResourceTemplate`, `defineMcpPrompt`) are served beside the crew's own.
 */
export interface McpServerOptions extends McpServerAdditions {
  readonly runtime: Runtime;
  /** Serves its agents as `ask_<agent-id>` tools, its deliverables as resources, its tasks as prompts. */
  readonly crew?: CrewDefinition;
  /** Only these tools (`--tools`); an unknown name throws `MCP_SERVE_TOOL_UNKNOWN`. */
  readonly tools?: readonly string[];
  /** Default `{ name: 'Orkeon', version: '1.0.0' }`. */
  readonly identity?: McpServerIdentity;
}

/**
 * The MCP server of a runtime, both eras at once, ready for a transport
 * (`serveMcpOverStdio`, `startMcpHttpServer`). Tool calls cross `runtime.pipeline`
 * under caller `{ kind: 'mcp' }`; `human_input` is never served.
 */
export function createMcpServer(options: McpServerOptions): DualEraDispatcher {
  const catalog = createRuntimeCatalog({
    runtime: options.runtime,
    ...(options.crew === undefined ? {} : { crew: options.crew }),
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    ...(options.resources === undefined ? {} : { resources: options.resources }),
    ...(options.resourceTemplates === undefined ? {} : { resourceTemplates: options.resourceTemplates }),
    ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
  });
  return new DualEraDispatcher({
    catalog,
    identity: options.identity ?? { name: 'Orkeon', version: '1.0.0' },
    ...(options.crew?.goal === undefined ? {} : { instructions: `Crew '${options.crew.name}': ${options.crew.goal}` }),
  });
}
