import { join, resolve } from 'node:path';
import {
  A2AAgentDiscovery,
  A2ASettingsService,
  type AgentDirectory,
  AgentDirectoryService,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  registerDiscoveredAgents,
  startA2AServer,
} from '@orkeon/a2a';
import {
  type AgentDefinition,
  agentSystemPrompt,
  type Configuration,
  type CrewDefinition,
  LlmClient,
  type Logger,
  LoggerService,
  llmSettings,
  ServiceCollection,
  StateStoreService,
} from '@orkeon/core';
import { createChatModel, createChatModelFromConfiguration } from '@orkeon/providers';
import { startTelemetry } from '@orkeon/telemetry';
import type { CliCommand } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { loadRunTarget } from '../run/load-run-target.js';
import { openStateStore } from '../run/open-state-store.js';
import { crewFolderOf, parseVariables } from '../run/run-arguments.js';
import { createRunEnvironment, type RunEnvironment } from '../run/run-environment.js';
import { UsageError } from '../usage-error.js';

interface ServeOptions {
  mount?: string[];
  var?: string[];
  persistence: boolean;
  state?: string;
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: "serve a crew's agents to other agents over A2A, each agent a skill (experimental SVCEXP001)",
  configure(command) {
    command
      .argument('<crew>', 'crew.yaml, a crew folder, or crew.ts')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable)')
      .option('-V, --var <key=value...>', 'a value for a {KEY} placeholder of a YAML crew (repeatable)')
      .option('--no-persistence', 'keep no task records (GET /a2a/tasks/{id} then answers 501)')
      .option('--state <file>', 'task records database (default: .orkeon/state.db beside the crew)')
      .addHelpText(
        'after',
        '\nListens on A2A:Host:A2A:Port (default localhost:5002), HTTPS with A2A:CertificatePath and A2A:CertificateKeyPath.\nExample:\n  orkeon serve examples/quickstart -V topic=octopuses --set A2A:Port=5002\n  curl -s localhost:5002/.well-known/agent.json',
      );
  },
  async run(context, command) {
    const [crewPath] = command.args as [string];
    const options = command.opts<ServeOptions>();
    const absolute = resolve(context.io.workingDirectory, crewPath);
    const crewFolder = crewFolderOf(crewPath, context.io.workingDirectory);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const logger = await context.logger();
    // A service has no one to ask: permission asks are denied headlessly.
    const environment = await createRunEnvironment({
      configuration,
      logger,
      crewFolder,
      workingDirectory: context.io.workingDirectory,
      mounts: options.mount ?? [],
      prompt: undefined,
      emit: () => {},
    });
    const variables = parseVariables(options.var ?? []);
    const target = await loadRunTarget(absolute, { variables, tools: environment.registry.list() });
    if (target.kind === 'script') throw new UsageError('orkeon serve needs a crew: a script has no agents to serve.');
    const crew = target.crew;

    const telemetry = startTelemetry(configuration);
    const services = new ServiceCollection().addInstance(LoggerService, logger);
    const store = options.persistence
      ? openStateStore(
          configuration,
          options.state === undefined
            ? join(target.folder, '.orkeon', 'state.db')
            : resolve(context.io.workingDirectory, options.state),
        )
      : undefined;
    if (store !== undefined) services.addInstance(StateStoreService, store);
    addSvcA2A(services, configuration, { logger, enableServer: true });
    // The card names the crew, unless the settings name the agent (a later registration wins).
    services.addInstance(A2ASettingsService, {
      ...configuration.get(a2aSettings),
      EnableServer: true,
      ...(configuration.has('A2A:Name') ? {} : { Name: crew.name }),
      ...(configuration.has('A2A:Description') || crew.goal === undefined ? {} : { Description: crew.goal }),
    });
    if (store !== undefined) addSvcA2ATaskPersistence(services);
    const provider = services.build();
    try {
      const directory = provider.get(AgentDirectoryService);
      const model = createChatModelFromConfiguration(configuration, logger);
      for (const agent of crew.agents) {
        directory.register({
          id: agent.id,
          name: agent.role,
          description: agent.goal,
          tags: [crew.name],
          kind: 'local',
          handler: (request, signal) =>
            answerAs(agent, crew, { request, signal, environment, model, configuration, logger }),
        });
      }
      await registerPeers(configuration.get(a2aSettings).Peers, directory, logger);
      const server = await startA2AServer(provider);
      const skills = directory.list().map((registration) => registration.id);
      context.io.stderr.write(
        `orkeon: serving '${crew.name}' at ${server.address?.url} (skills: ${skills.join(', ')}); Ctrl+C stops\n`,
      );
      logger.info({ url: server.address?.url, skills }, 'A2A server ready');
      await new Promise<void>((resolve) => {
        if (context.signal.aborted) resolve();
        else context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await server.stop();
      return ExitCode.ok;
    } finally {
      await provider.dispose();
      await store?.close();
      await telemetry.shutdown();
    }
  },
};

/** One agent answering one A2A task: its role as system prompt, its tools, its model. */
async function answerAs(
  agent: AgentDefinition,
  crew: CrewDefinition,
  call: {
    request: { readonly id: string; readonly input: string };
    signal: AbortSignal;
    environment: RunEnvironment;
    model: ReturnType<typeof createChatModelFromConfiguration>;
    configuration: Configuration;
    logger: Logger;
  },
): Promise<string> {
  const settings = call.configuration.get(llmSettings);
  const wanted = agent.llm?.model ?? crew.llm?.model;
  const model =
    wanted === undefined || wanted === call.model.modelId
      ? call.model
      : createChatModel({ ...settings, Model: wanted }, { logger: call.logger });
  const client = new LlmClient({
    model,
    logger: call.logger,
    pipeline: call.environment.pipeline,
    tools: call.environment.registry.select(agent.tools).tools,
    caller: { kind: 'a2a', agent: agent.id, agentId: agent.id, crew: crew.name, process: 'a2a', task: call.request.id },
    settings,
  });
  const result = await client.act(call.request.input, {
    system: agentSystemPrompt(agent),
    maxIterations: agent.maxIterations,
    signal: call.signal,
  });
  if (result.interrupted === true) throw new Error('the task was stopped before the agent answered');
  return result.output;
}

/** Reads the peers' cards and routes their skills to them; a peer that cannot be read is logged and skipped. */
async function registerPeers(peers: readonly string[], directory: AgentDirectory, logger: Logger): Promise<void> {
  if (peers.length === 0) return;
  const discovered = await new A2AAgentDiscovery({ logger }).discoverMany(peers);
  for (const { skill, url } of registerDiscoveredAgents(directory, discovered.agents).skipped) {
    logger.warn({ skill, peer: url }, 'a peer offers a skill this crew already serves; the local one is kept');
  }
}
