// One file for the Runtime class: run, stream, llmClient and dispose share its parts; the parts
// themselves (model choice, checkpointing, event channel, run scope) live beside it.
import { performance } from 'node:perf_hooks';
import type { StateStore } from '../checkpoint/state-store.js';
import type { AgentDefinition, AgentInput } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { defineAgent } from '../crew/define-crew.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { CrewExecutionStateManager } from '../execution-state/crew-execution-state-manager.js';
import type { CrewKickoffHookRunner } from '../hooks/crew-kickoff-hook-runner.js';
import type { LlmDeltaSink } from '../llm/console-streaming.js';
import { LlmClient } from '../llm/llm-client.js';
import type { Logger } from '../logging/logger.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { runCrew, toolNamesFor } from '../process/run-crew.js';
import { agentSystemPrompt } from '../process/task-prompt.js';
import type { ServiceProvider } from '../services/service-provider.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import type { ToolInvocationPipeline } from '../tools/tool-invocation-pipeline.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { FileSystem } from '../vfs/file-system.js';
import { type CrewSession, openCrewSession } from './crew-checkpointing.js';
import { EventChannel } from './event-channel.js';
import type { ModelChoice } from './model-choice.js';
import type { RunEvent, RunEventListener } from './run-events.js';
import { withRunScope } from './run-scope.js';
import type {
  AgentRunOptions,
  AgentRunResult,
  CrewRunOptions,
  CrewRunResult,
  RunOptions,
  RunStream,
} from './runtime-results.js';
import type { TelemetryExporter } from './runtime-services.js';

/** The parts a runtime works with, all resolved from its service provider by `createRuntime`. */
export interface RuntimeParts {
  readonly services: ServiceProvider;
  readonly logger: Logger;
  readonly vfs: FileSystem;
  readonly tools: ToolRegistry;
  readonly pipeline: ToolInvocationPipeline;
  readonly models: ModelChoice;
  /** Resolved when a crew first runs: a store opens only for a run that records. */
  readonly store: () => StateStore | undefined;
  readonly hooks?: CrewKickoffHookRunner;
  readonly executionStates?: CrewExecutionStateManager;
  readonly consoleSink?: LlmDeltaSink;
  readonly telemetry?: TelemetryExporter;
  readonly listeners: readonly RunEventListener[];
  readonly permissionMode?: PermissionMode;
}

type RunTarget = AgentDefinition | AgentInput | CrewDefinition;

function isCrew(target: RunTarget): target is CrewDefinition {
  return Array.isArray((target as CrewDefinition).tasks);
}

/**
 * Runs agents and crews inside the boundary it was built with (see `createRuntime`):
 * one file system, one tool registry, one invocation pipeline (and so one permission
 * gate, prompt and audit trail), the models, the checkpoint store and telemetry.
 * `run` answers; `stream` yields the same events `orkeon run --events jsonl` writes.
 */
export class Runtime implements AsyncDisposable {
  readonly services: ServiceProvider;
  readonly logger: Logger;
  readonly vfs: FileSystem;
  readonly tools: ToolRegistry;
  readonly pipeline: ToolInvocationPipeline;
  readonly #parts: RuntimeParts;
  #disposed: Promise<void> | undefined;

  constructor(parts: RuntimeParts) {
    this.#parts = parts;
    this.services = parts.services;
    this.logger = parts.logger;
    this.vfs = parts.vfs;
    this.tools = parts.tools;
    this.pipeline = parts.pipeline;
  }

  /** The model agents use unless they name another. */
  get defaultModel() {
    return this.#parts.models.defaultModel;
  }

  /** The checkpoint store crew runs are recorded in, if any. */
  get store(): StateStore | undefined {
    return this.#parts.store();
  }

  /** One agent works on `input` with its tools until it answers; or a crew runs its tasks. */
  run(agent: AgentDefinition | AgentInput, input: string, options?: AgentRunOptions): Promise<AgentRunResult>;
  run(crew: CrewDefinition, options?: CrewRunOptions): Promise<CrewRunResult>;
  run(
    target: RunTarget,
    inputOrOptions?: string | CrewRunOptions,
    options?: RunOptions,
  ): Promise<AgentRunResult | CrewRunResult> {
    return this.#start(target, inputOrOptions, options, undefined);
  }

  /** Like `run`, as the events happen; the result follows in `.result`. */
  stream(agent: AgentDefinition | AgentInput, input: string, options?: AgentRunOptions): RunStream<AgentRunResult>;
  stream(crew: CrewDefinition, options?: CrewRunOptions): RunStream<CrewRunResult>;
  stream(
    target: RunTarget,
    inputOrOptions?: string | CrewRunOptions,
    options?: RunOptions,
  ): RunStream<AgentRunResult | CrewRunResult> {
    const channel = new EventChannel<RunEvent>();
    const result = this.#start(target, inputOrOptions, options, (event) => channel.push(event));
    result.then(
      () => channel.end(),
      (error: unknown) => channel.end({ error }),
    );
    // The error reaches the caller through the iteration or `.result`; never as an unhandled rejection.
    result.catch(() => undefined);
    return Object.assign(channel, { result });
  }

  #start(
    target: RunTarget,
    inputOrOptions: string | CrewRunOptions | undefined,
    options: RunOptions | undefined,
    streamTo: ((event: RunEvent) => void) | undefined,
  ): Promise<AgentRunResult | CrewRunResult> {
    if (this.#disposed !== undefined) {
      return Promise.reject(
        new OrkeonError('RUNTIME_DISPOSED', 'This runtime was disposed; create another with createRuntime().'),
      );
    }
    const runOptions: RunOptions = (isCrew(target) ? (inputOrOptions as CrewRunOptions | undefined) : options) ?? {};
    const listeners = [...this.#parts.listeners, ...(runOptions.onEvent === undefined ? [] : [runOptions.onEvent])];
    const emit = (event: RunEvent) => {
      streamTo?.(event);
      for (const listener of listeners) {
        try {
          const returned = listener(event);
          if (returned instanceof Promise)
            returned.catch((error: unknown) => this.logger.warn({ err: error }, 'a run event listener failed'));
        } catch (error) {
          this.logger.warn({ err: error }, 'a run event listener failed');
        }
      }
    };
    return withRunScope<AgentRunResult | CrewRunResult>({ emit }, () =>
      isCrew(target)
        ? this.#runCrew(target, runOptions as CrewRunOptions, emit)
        : this.#runAgent(target, String(inputOrOptions ?? ''), runOptions, emit),
    );
  }

  async #runAgent(
    input: AgentDefinition | AgentInput,
    goal: string,
    options: AgentRunOptions,
    emit: (event: RunEvent) => void,
  ): Promise<AgentRunResult> {
    const agent = defineAgent(input as AgentInput);
    this.#adoptTools(agent.ownTools);
    const caller: CallerIdentity = options.caller ?? { kind: 'agent', agent: agent.role, agentId: agent.id };
    const client = this.#client(agent, options.crew, agent.tools, { caller, options, emit });
    const permissionMode = options.permissionMode ?? this.#parts.permissionMode;
    const started = performance.now();
    emit({ kind: 'agent.started', agentId: agent.id, agentRole: agent.role });
    try {
      const result = await client.act(goal, {
        system: agentSystemPrompt(agent),
        maxIterations: agent.maxIterations,
        ...(agent.stopWhen === undefined ? {} : { stopWhen: agent.stopWhen }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(permissionMode === undefined ? {} : { permissionMode }),
      });
      emit({
        kind: 'agent.completed',
        agentId: agent.id,
        output: result.output,
        usage: result.usage,
        iterations: result.iterations,
        durationMs: Math.round(performance.now() - started),
        ...(result.interrupted === true ? { interrupted: true as const } : {}),
        ...(result.exhausted === true ? { exhausted: true as const } : {}),
      });
      return result;
    } catch (error) {
      const failure = error as { code?: unknown; message?: unknown };
      emit({
        kind: 'agent.failed',
        agentId: agent.id,
        error: {
          code: typeof failure.code === 'string' ? failure.code : 'AGENT_RUN_FAILED',
          message: String(failure.message ?? error),
        },
        durationMs: Math.round(performance.now() - started),
      });
      throw error;
    }
  }

  async #runCrew(
    crew: CrewDefinition,
    options: CrewRunOptions,
    emit: (event: RunEvent) => void,
  ): Promise<CrewRunResult> {
    for (const agent of crew.agents) this.#adoptTools(agent.ownTools);
    const { hooks, executionStates, logger } = this.#parts;
    const store = this.#parts.store();
    await hooks?.runBeforeKickoff(crew);
    const session: CrewSession | undefined =
      store === undefined
        ? undefined
        : await openCrewSession(crew, { store, vfs: this.vfs, logger, resume: options.resume === true });
    const sessionId = session?.sessionId ?? `${crew.name}-${Date.now()}`;
    const execution = await executionStates?.createState(crew.name, sessionId, crew.goal ?? '');
    const permissionMode = options.permissionMode ?? this.#parts.permissionMode;
    const result = await runCrew(crew, {
      logger,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(permissionMode === undefined ? {} : { permissionMode }),
      completedOutputs: session?.completedOutputs ?? {},
      onEvent: async (event) => {
        emit(event);
        await session?.record(event);
        if (execution !== undefined && event.kind === 'task.started')
          await executionStates?.updateState(sessionId, { status: 'Running', currentTaskId: event.taskId });
      },
      clientFor: (agent, task, caller) =>
        this.#client(agent, crew, toolNamesFor(agent, task), { caller, options, emit, taskId: task.id }),
    });
    const deliverableFailure = session?.deliverableFailure;
    if (result.success && deliverableFailure === undefined) await session?.complete();
    if (execution !== undefined) {
      if (result.success) await executionStates?.completeState(sessionId, { output: result.output });
      else
        await executionStates?.updateState(sessionId, {
          status: 'Failed',
          error: deliverableFailure ?? result.error?.message ?? 'the crew did not succeed',
        });
    }
    await hooks?.runAfterKickoff(crew, result);
    return {
      ...result,
      sessionId,
      resumed: session?.resumed ?? false,
      ...(deliverableFailure === undefined ? {} : { deliverableFailure }),
    };
  }

  #client(
    agent: AgentDefinition,
    crew: CrewDefinition | undefined,
    toolNames: readonly string[],
    call: {
      caller: CallerIdentity;
      options: RunOptions;
      emit: (event: RunEvent) => void;
      taskId?: string;
    },
  ): LlmClient {
    const { caller, options, emit, taskId } = call;
    const consoleSink = this.#parts.consoleSink;
    const deltas = options.deltas === true;
    const deltaSink =
      deltas || consoleSink !== undefined
        ? (delta: string) => {
            consoleSink?.(delta);
            if (deltas)
              emit({ kind: 'llm.delta', ...(taskId === undefined ? {} : { taskId }), agentId: agent.id, delta });
          }
        : undefined;
    return new LlmClient({
      model: this.#parts.models.modelFor(agent, crew),
      logger: this.logger,
      pipeline: this.pipeline,
      tools: this.tools.select(toolNames).tools,
      caller,
      settings: this.#parts.models.callSettingsFor(agent, crew),
      ...(deltaSink === undefined ? {} : { deltaSink }),
    });
  }

  /**
   * A model client for code that drives the model itself (procedural scripts): the
   * default model with the `Llm` settings, the given tools (default: every tool)
   * called through this runtime's pipeline, and the console sink when registered.
   */
  llmClient(options: { caller?: CallerIdentity; tools?: readonly Tool[] } = {}): LlmClient {
    const consoleSink = this.#parts.consoleSink;
    return new LlmClient({
      model: this.#parts.models.defaultModel,
      logger: this.logger,
      pipeline: this.pipeline,
      tools: options.tools ?? this.tools.list(),
      settings: this.#parts.models.defaultCallSettings(),
      ...(options.caller === undefined ? {} : { caller: options.caller }),
      ...(consoleSink === undefined ? {} : { deltaSink: consoleSink }),
    });
  }

  /** Tools handed to an agent by value join the registry; a different tool under a taken name is refused. */
  #adoptTools(tools: readonly Tool[] | undefined): void {
    for (const tool of tools ?? []) if (this.tools.get(tool.name) !== tool) this.tools.register(tool);
  }

  /** Flushes telemetry and disposes every service the runtime created (not the host's own instances). */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      try {
        await this.#parts.telemetry?.shutdown();
      } finally {
        await this.services.dispose();
      }
    })();
    return this.#disposed;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }
}
