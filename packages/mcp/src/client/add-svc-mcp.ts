import {
  type Configuration,
  createLogger,
  EnvironmentSecretStore,
  fileTools,
  HumanInputAskerService,
  HumanInputChannelService,
  type Logger,
  type SecretStore,
  type ServiceCollection,
  type ServiceResolver,
  ToolInvocationPipelineService,
  ToolRegistry,
  ToolRegistryService,
  ToolService,
} from '@orkeon/core';
import { mcpSettings } from '../settings/mcp-settings.js';
import { mcpFetchFor } from './auth/mcp-authorization.js';
import type { McpElicitationHandler } from './elicitation.js';
import { elicitationThroughHumanInput } from './human-elicitation.js';
import { McpConnections } from './mcp-connections.js';
import { McpConnectionsService } from './mcp-connections-service.js';
import { samplingThroughCallingModel } from './sampling.js';
import { waitForResourceUpdateTool } from './wait-for-resource-tool.js';

export interface AddSvcMcpOptions {
  /** Where the connection errors and collision warnings go. Default: the registered logger's settings. */
  readonly logger?: Logger;
  /** How long to wait for the servers before going on without the slow ones. Default 30 s. */
  readonly connectWaitMilliseconds?: number;
  /** Holds the key that `MCP:Auth:EncryptionKeySecretName` names. Default: the environment. */
  readonly secrets?: SecretStore;
}

/**
 * Connects every server of the `MCP` settings, all at once, and makes their tools
 * part of the runtime's tool registry, so every call crosses the invocation
 * pipeline. A server that fails, or is still pending after 30 s, costs one error
 * line; the program goes on without its tools. A tool whose name is taken is
 * refused: the tool already there keeps the name, and a warning names both.
 * The connections close when the runtime is disposed.
 *
 * When a human-input channel is registered (`HumanInputChannelService`, before this
 * call), the servers may ask a person to fill a form during a call
 * (`elicitation/create`): the question goes to that channel. Without one, no
 * elicitation capability is declared and a server that asks anyway is declined.
 */
export async function addSvcMcp(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcMcpOptions = {},
): Promise<McpConnections> {
  const logger = options.logger ?? createLogger({ level: 'warn' });
  // The runtime's asker exists once the container is built; a question before that is declined.
  let answer: McpElicitationHandler | undefined;
  const elicitation: McpElicitationHandler | undefined = services.has(HumanInputChannelService)
    ? (request, signal) => answer?.(request, signal) ?? Promise.resolve({ action: 'decline' })
    : undefined;
  const settings = configuration.get(mcpSettings);
  const fetchFor = await mcpFetchFor(settings, options.secrets ?? new EnvironmentSecretStore());
  // The runtime's pipeline exists once the container is built; sampling asks its permission gate then.
  let built: ServiceResolver | undefined;
  const sampling = samplingThroughCallingModel({
    pipeline: () => built?.tryGet(ToolInvocationPipelineService),
    maxTokens: (id) => settings.Servers[id]?.Sampling.MaxTokens ?? 1024,
  });
  const connections = await McpConnections.connect(settings, {
    logger,
    fetchFor,
    sampling,
    ...(elicitation === undefined ? {} : { elicitation }),
    ...(options.connectWaitMilliseconds === undefined ? {} : { waitMilliseconds: options.connectWaitMilliseconds }),
  });
  services.addSingleton(McpConnectionsService, () => connections);
  // The MCP tools join the registry once every other tool is in it, so a name already taken stays with its owner.
  const host = services.registrationsOf(ToolRegistryService).at(-1);
  services.addSingleton(ToolRegistryService, (resolver) => {
    const registry = host?.factory(resolver) ?? new ToolRegistry([...fileTools, ...resolver.getAll(ToolService)]);
    const live = resolver.get(McpConnectionsService);
    if (elicitation !== undefined) answer = elicitationThroughHumanInput(resolver.get(HumanInputAskerService));
    // Read on first sampling request: the pipeline is built from this registry, so not now.
    built = resolver;
    live.attach(registry);
    // An agent may wait for a resource to change when some server lets it follow one.
    const waiting = waitForResourceUpdateTool(live);
    if (
      live.servers.some((state) => state.client?.offersSubscriptions === true) &&
      registry.get(waiting.name) === undefined
    )
      registry.register(waiting);
    return registry;
  });
  return connections;
}
