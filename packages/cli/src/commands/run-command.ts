import { join, resolve } from 'node:path';
import {
  type ChatModel,
  ChatModelService,
  CheckpointManager,
  type Configuration,
  type CrewDefinition,
  type CrewEvent,
  createLlmClient,
  LlmClient,
  type Logger,
  LoggerService,
  llmSettings,
  ResumeEngine,
  resolveLlmSettings,
  runCrew,
  ServiceCollection,
  ToolInvocationPipelineService,
  toolNamesFor,
  withCrewRunSpan,
} from '@orkeon/core';
import { createChatModel, createChatModelFromConfiguration } from '@orkeon/providers';
import { startTelemetry } from '@orkeon/telemetry';
import type { CliCommand } from '../cli-command.js';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { jsonlEventWriter } from '../run/jsonl-event-writer.js';
import { loadRunTarget, type RunTarget } from '../run/load-run-target.js';
import { openStateStore } from '../run/open-state-store.js';
import { crewFolderOf, parseVariables } from '../run/run-arguments.js';
import { createRunEnvironment, missingCrewMounts, type RunEnvironment } from '../run/run-environment.js';
import type { RunEvent } from '../run/run-event.js';
import { taskListRenderer } from '../run/task-list-renderer.js';
import { terminalPermissionPrompt } from '../terminal-permission-prompt.js';
import { UsageError } from '../usage-error.js';

interface RunOptions {
  mount?: string[];
  var?: string[];
  validate?: boolean;
  listTools?: boolean;
  events?: string;
  stream?: boolean;
  resume?: boolean;
  state?: string;
}

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run a crew (YAML file or folder, or a TypeScript module) or a procedural script',
  configure(command) {
    command
      .argument('<crew>', 'crew.yaml, a crew folder, crew.ts, or a script')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable), e.g. ./out:/output:rw')
      .option('-V, --var <key=value...>', 'a value for a {KEY} placeholder of a YAML crew (repeatable)')
      .option('--validate', 'load the crew and resolve its tools, without calling a model')
      .option('--list-tools', 'list the tools agents can use, then exit')
      .option('--events <format>', 'write one JSON event per line on standard output (format: jsonl)')
      .option('--stream', 'with --events jsonl, also write llm.delta events with the streamed model text')
      .option('--resume', 'continue the latest unfinished run of this crew, reusing completed tasks')
      .option('--state <file>', 'checkpoint database (default: .orkeon/state.db beside the crew)')
      .addHelpText(
        'after',
        '\nExamples:\n  orkeon run examples/quickstart -V topic=octopuses\n  orkeon run crew.yaml --mount ./out:/output:rw --events jsonl --stream\n  orkeon run crew.yaml --resume\nExit codes: 0 done, 1 bad crew or settings, 2 the crew failed, 130 interrupted.',
      );
  },
  async run(context, command) {
    const [crewPath] = command.args as [string];
    const options = command.opts<RunOptions>();
    if (options.events !== undefined && options.events !== 'jsonl') {
      throw new UsageError(`--events takes 'jsonl', not '${options.events}'.`);
    }
    const crewFolder = crewFolderOf(crewPath, context.io.workingDirectory);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const logger = await context.logger();
    const jsonl = options.events === 'jsonl';
    const renderer = jsonl ? undefined : taskListRenderer(context.io.stderr);
    const emit = jsonl ? jsonlEventWriter(context.io.stdout) : (event: RunEvent) => renderer?.onEvent(event);
    const prompt = terminalPermissionPrompt(process.stdin, context.io.stderr);
    const environment = await createRunEnvironment({
      configuration,
      logger,
      crewFolder,
      workingDirectory: context.io.workingDirectory,
      mounts: options.mount ?? [],
      prompt,
      emit,
    });
    if (options.listTools === true) {
      for (const tool of environment.registry.list())
        context.io.stdout.write(`${tool.name.padEnd(16)} ${tool.access.padEnd(11)} ${tool.description}\n`);
      return ExitCode.ok;
    }
    const variables = parseVariables(options.var ?? []);
    const target = await loadRunTarget(resolve(context.io.workingDirectory, crewPath), {
      variables,
      tools: environment.registry.list(),
    });
    if (target.kind === 'crew') {
      const missing = missingCrewMounts(environment.vfs, target.crew.mounts);
      if (missing !== undefined) throw new UsageError(missing);
    }
    if (options.validate === true) {
      context.io.stdout.write(validationReport(target, environment));
      return ExitCode.ok;
    }
    const model = createChatModelFromConfiguration(configuration, logger);
    const telemetry = startTelemetry(configuration);
    try {
      if (target.kind === 'script')
        return await runScript(target, { context, logger, configuration, model, environment, variables });
      return await runCrewTarget(target.crew, {
        context,
        logger,
        configuration,
        model,
        environment,
        emit,
        stream: options.stream === true && jsonl,
        resume: options.resume === true,
        statePath:
          options.state === undefined
            ? join(target.folder, '.orkeon', 'state.db')
            : resolve(context.io.workingDirectory, options.state),
        printOutput: !jsonl,
        stopRenderer: () => renderer?.stop(),
      });
    } finally {
      await telemetry.shutdown();
    }
  },
};

/** What both kinds of run work with. */
interface RunBasics {
  readonly context: CliContext;
  readonly logger: Logger;
  readonly configuration: Configuration;
  readonly model: ChatModel;
  readonly environment: RunEnvironment;
}

async function runCrewTarget(
  crew: CrewDefinition,
  options: RunBasics & {
    emit: (event: RunEvent) => void;
    stream: boolean;
    resume: boolean;
    statePath: string;
    printOutput: boolean;
    stopRenderer: () => void;
  },
): Promise<ExitCode> {
  const { context, logger, environment, emit } = options;
  const store = openStateStore(options.configuration, options.statePath);
  try {
    const checkpoints = new CheckpointManager(store, { logger });
    let sessionId: string;
    let completedOutputs: Readonly<Record<string, string>> = {};
    const resumed = options.resume ? await new ResumeEngine(store).resume(crew.name) : undefined;
    if (resumed !== undefined) {
      sessionId = resumed.sessionId;
      completedOutputs = resumed.completedOutputs;
      logger.info({ session: sessionId, reused: resumed.completedTaskIds }, 'resuming the latest unfinished run');
    } else {
      if (options.resume)
        logger.warn({ crew: crew.name }, 'nothing to resume: no unfinished run of this crew; starting afresh');
      sessionId = (await checkpoints.startSession(crew.name)).sessionId;
    }
    const settings = options.configuration.get(llmSettings);
    const deliverables = new Map(
      crew.tasks.flatMap((task) => (task.deliverable === undefined ? [] : [[task.id, task.deliverable.path] as const])),
    );
    let deliverableFailure: string | undefined;
    const onEvent = async (event: CrewEvent) => {
      emit(event);
      if (
        event.kind === 'task.completed' &&
        event.output !== undefined &&
        event.reused !== true &&
        event.skipped !== true
      ) {
        await checkpoints.checkpoint(sessionId, event.taskId, event.output);
        const path = deliverables.get(event.taskId);
        if (path !== undefined) {
          const written = await environment.vfs.writeText(path, event.output);
          if (!written.ok)
            deliverableFailure ??= `The deliverable of task '${event.taskId}' could not be written: ${written.message}`;
        }
      } else if (event.kind === 'task.failed') {
        await checkpoints.markFailed(sessionId, event.taskId, new Error(event.error.message));
      } else if (event.kind === 'task.completed' && event.skipped === true) {
        await checkpoints.markSkipped(sessionId, event.taskId, event.reason ?? 'skipped');
      }
    };
    const result = await runCrew(crew, {
      logger,
      signal: context.signal,
      onEvent,
      completedOutputs,
      clientFor: (agent, task, caller) => {
        const llm = resolveLlmSettings(crew.llm, agent.llm);
        const model =
          llm.model === undefined || llm.model === options.model.modelId
            ? options.model
            : createChatModel({ ...settings, Model: llm.model }, { logger });
        return new LlmClient({
          model,
          logger,
          pipeline: environment.pipeline,
          tools: environment.registry.select(toolNamesFor(agent, task)).tools,
          caller,
          settings: {
            MaxRetries: settings.MaxRetries,
            TimeoutSeconds: settings.TimeoutSeconds,
            Temperature: llm.temperature ?? settings.Temperature,
            MaxTokens: llm.maxTokens ?? settings.MaxTokens,
          },
          ...(options.stream
            ? { deltaSink: (delta: string) => emit({ kind: 'llm.delta', taskId: task.id, agentId: agent.id, delta }) }
            : {}),
        });
      },
    });
    options.stopRenderer();
    if (result.interrupted === true) return ExitCode.interrupted;
    if (result.success && deliverableFailure === undefined) {
      await checkpoints.completeSession(sessionId);
      if (options.printOutput) context.io.stdout.write(`\n=== Crew Output ===\n${result.output}\n`);
      return ExitCode.ok;
    }
    if (options.printOutput && result.output !== '')
      context.io.stdout.write(`\n=== Crew Output (incomplete) ===\n${result.output}\n`);
    context.io.stderr.write(`ERROR: ${deliverableFailure ?? result.error?.message ?? 'the crew did not succeed'}\n`);
    return ExitCode.runFailed;
  } finally {
    await store.close();
  }
}

async function runScript(
  target: Extract<RunTarget, { kind: 'script' }>,
  options: RunBasics & { variables: Readonly<Record<string, string>> },
): Promise<ExitCode> {
  const { context, logger, environment } = options;
  const services = new ServiceCollection()
    .addInstance(ChatModelService, options.model)
    .addInstance(LoggerService, logger)
    .addInstance(ToolInvocationPipelineService, environment.pipeline)
    .build();
  const settings = options.configuration.get(llmSettings);
  // Scripts are traced like crews: a crew.run span around the whole script, its model calls beneath.
  const script = { name: target.name, process: 'script' };
  const caller = { kind: 'script' as const, agent: 'script', crew: script.name, process: script.process };
  const llm = createLlmClient(services, { tools: environment.registry.list(), caller, settings });
  const result = await withCrewRunSpan(script, async () =>
    target.run({
      llm,
      tools: {
        names: environment.registry.names,
        call: (name, input) => environment.pipeline.invoke({ tool: name, input, caller, signal: context.signal }),
      },
      vfs: environment.vfs.agentView(),
      logger,
      signal: context.signal,
      variables: options.variables,
    }),
  );
  if (context.signal.aborted) return ExitCode.interrupted;
  context.io.stdout.write(`${JSON.stringify(result ?? null, null, 2)}\n`);
  return ExitCode.ok;
}

function validationReport(target: RunTarget, environment: RunEnvironment): string {
  if (target.kind === 'script') return `VALIDATION OK: script (tools available=${environment.registry.names.length})\n`;
  const crew = target.crew;
  const tools = new Set(crew.agents.flatMap((agent) => agent.tools).concat(crew.tasks.flatMap((task) => task.tools)));
  return `VALIDATION OK: ${crew.name} (process=${crew.process}, agents=${crew.agents.length}, tasks=${crew.tasks.length}, tools resolved=${tools.size})\n`;
}
