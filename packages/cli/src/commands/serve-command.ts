import { resolve } from 'node:path';
import {
  A2AAgentDiscovery,
  type A2ASecuritySettings,
  A2AServerService,
  type A2ASettings,
  A2ASettingsService,
  type A2ATaskContext,
  type AgentDirectory,
  AgentDirectoryService,
  a2aSecuritySettings,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  loadTrustedCardKeys,
  registerDiscoveredAgents,
  startA2AServer,
} from '@orkeon/a2a';
import {
  type AgentDefinition,
  type Configuration,
  type CrewDefinition,
  type Logger,
  MultiModalContentService,
  OrkeonError,
  type Runtime,
} from '@orkeon/core';
import type { CliCommandAction } from '../cli-command.js';
import type { CliErrorCode } from '../errors/error-codes.js';
import { ExitCode } from '../exit-codes.js';
import { type A2AConversation, threadOfA2AConversation } from '../run/a2a-conversation-thread.js';
import { A2ATaskQuestions } from '../run/a2a-task-questions.js';
import { createCliRuntime } from '../run/create-cli-runtime.js';
import { loadRunTarget } from '../run/load-run-target.js';
import { crewFolderOf, parseVariables } from '../run/run-arguments.js';
import { UsageError } from '../usage-error.js';
import { cliVersion } from '../version.js';

interface ServeOptions {
  mount?: string[];
  var?: string[];
  persistence: boolean;
  state?: string;
  studio?: boolean;
}

/** What `orkeon serve` does; its arguments, options and help are in `serve-command-definition.ts`. */
export const serveAction: CliCommandAction = {
  async run(context, command) {
    const [crewPath] = command.args as [string];
    const options = command.opts<ServeOptions>();
    const absolute = resolve(context.io.workingDirectory, crewPath);
    const crewFolder = crewFolderOf(crewPath, context.io.workingDirectory);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const logger = await context.logger();
    // The crew is loaded with the runtime's tools; the A2A settings read it when the server starts.
    const loaded: { crew?: CrewDefinition } = {};
    // An agent's questions go to the A2A caller of its task; permission asks are denied headlessly.
    const questions = new A2ATaskQuestions();
    const { runtime, close } = await createCliRuntime({
      humanInput: questions,
      configuration,
      logger,
      crewFolder,
      workingDirectory: context.io.workingDirectory,
      mounts: options.mount ?? [],
      ...(options.state === undefined ? {} : { statePath: resolve(context.io.workingDirectory, options.state) }),
      register: (services) => {
        addSvcA2A(services, configuration, { logger, enableServer: true });
        // The card names the crew, unless the settings name the agent (a later registration wins).
        services.addSingleton(A2ASettingsService, () => ({
          ...configuration.get(a2aSettings),
          EnableServer: true,
          ...(configuration.has('A2A:Name') || loaded.crew === undefined ? {} : { Name: loaded.crew.name }),
          ...(configuration.has('A2A:Description') || loaded.crew?.goal === undefined
            ? {}
            : { Description: loaded.crew.goal }),
        }));
        if (options.persistence) addSvcA2ATaskPersistence(services);
      },
    });
    try {
      const variables = parseVariables(options.var ?? []);
      const target = await loadRunTarget(absolute, { variables, tools: runtime.tools.list() });
      if (target.kind === 'script') throw new UsageError('orkeon serve needs a crew: a script has no agents to serve.');
      const crew = target.crew;
      loaded.crew = crew;
      const directory = runtime.services.get(AgentDirectoryService);
      for (const agent of crew.agents) {
        directory.register({
          id: agent.id,
          name: agent.role,
          description: agent.goal,
          tags: [crew.name],
          kind: 'local',
          handler: (request, signal, task) => {
            const asking = task?.requestInput;
            const stop = asking === undefined ? undefined : questions.register(request.id, asking);
            return answerAs(runtime, agent, crew, request, signal, task).finally(() => stop?.());
          },
        });
      }
      await registerPeers(configuration.get(a2aSettings), configuration.get(a2aSecuritySettings), directory, logger);
      const studio = options.studio === true ? await studioOnServer(runtime, crew, configuration, logger) : undefined;
      const server = await startA2AServer(runtime.services);
      const skills = directory.list().map((registration) => registration.id);
      context.io.stderr.write(
        `orkeon: serving '${crew.name}' at ${server.address?.url} (skills: ${skills.join(', ')}); Ctrl+C stops\n`,
      );
      if (studio !== undefined)
        context.io.stderr.write(`orkeon: Studio at ${server.address?.url}/studio/${studio.tokenQuery}\n`);
      logger.info({ url: server.address?.url, skills }, 'A2A server ready');
      await new Promise<void>((resolve) => {
        if (context.signal.aborted) resolve();
        else context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      studio?.studio.stop();
      await server.stop();
      return ExitCode.ok;
    } finally {
      await close();
    }
  },
};

/**
 * Studio below `/studio` on the A2A server: the served crew in its form, its runs' questions on the page (the
 * permission gate's asks stay headless, as for A2A tasks). Beyond loopback it needs `Svc:Studio:Token`.
 */
async function studioOnServer(runtime: Runtime, crew: CrewDefinition, configuration: Configuration, logger: Logger) {
  const { createStudio, isLoopbackName, StudioUnsafeBindingError, studioSettings } = await import('@orkeon/studio');
  const settings = configuration.get(studioSettings);
  const host = configuration.get(a2aSettings).Host;
  if (settings.Token === undefined && !isLoopbackName(host)) throw new StudioUnsafeBindingError(host);
  const studio = createStudio({
    runtime,
    logger,
    configuration,
    version: cliVersion,
    maxEventsPerRun: settings.MaxEventsPerRun,
    a2aTasks: () => runtime.services.get(A2AServerService).taskOverview(),
    crews: [
      {
        name: crew.name,
        ...(crew.goal === undefined ? {} : { description: crew.goal }),
        variables: [],
        load: async () => crew,
      },
    ],
    ...(settings.Token === undefined ? {} : { token: settings.Token }),
  });
  runtime.services.get(A2AServerService).addRoutes('/studio', (app) => studio.routes(app));
  return {
    studio,
    tokenQuery: settings.Token === undefined ? '' : `?token=${encodeURIComponent(settings.Token)}`,
  };
}

/** One agent answering one A2A task through the runtime: its role as system prompt, its tools, its model. */
async function answerAs(
  runtime: Runtime,
  agent: AgentDefinition,
  crew: CrewDefinition,
  request: { readonly id: string; readonly input: string },
  signal: AbortSignal,
  task: A2ATaskContext | undefined,
): Promise<string> {
  // An A2A v1.0 task continues its context's conversation with this caller (see docs/conversations.md).
  const conversation: A2AConversation | undefined = task?.conversation;
  const thread = conversation === undefined ? undefined : threadOfA2AConversation(conversation);
  // With the multimodal subsystem (Svc:MultiModal), the message's images reach the model too; other files stay
  // the line the input names them with, as no provider is sent them.
  const images =
    runtime.services.tryGet(MultiModalContentService) === undefined
      ? []
      : (task?.files ?? []).filter((file) => file.mediaType?.startsWith('image/') === true);
  const result = await runtime.run(agent, request.input, {
    crew,
    signal,
    ...(thread === undefined ? {} : thread),
    ...(images.length === 0
      ? {}
      : {
          attachments: images.map((file) => ({
            type: 'image' as const,
            data: file.raw,
            ...(file.filename === undefined ? {} : { name: file.filename }),
          })),
        }),
    caller: { kind: 'a2a', agent: agent.id, agentId: agent.id, crew: crew.name, process: 'a2a', task: request.id },
  });
  if (result.interrupted === true)
    throw new OrkeonError<CliErrorCode>('A2A_TASK_STOPPED', 'the task was stopped before the agent answered');
  return result.output;
}

/**
 * Reads the peers' cards and routes their skills to them; a peer that cannot be read is logged and skipped.
 * The cards are read with `A2A:Security` (trusted CAs, client certificate), as tasks are sent.
 */
async function registerPeers(
  settings: A2ASettings,
  security: A2ASecuritySettings,
  directory: AgentDirectory,
  logger: Logger,
): Promise<void> {
  const peers = settings.Peers;
  if (peers.length === 0) return;
  // With A2A:PeerCardKeys, a peer whose card is not signed with one of them is skipped.
  const cardKeys = loadTrustedCardKeys(settings.PeerCardKeys);
  const discovered = await new A2AAgentDiscovery({
    logger,
    security,
    preferV1: true,
    ...(cardKeys === undefined ? {} : { cardKeys }),
  }).discoverMany(peers);
  for (const { skill, url } of registerDiscoveredAgents(directory, discovered.agents).skipped) {
    logger.warn({ skill, peer: url }, 'a peer offers a skill this crew already serves; the local one is kept');
  }
}
