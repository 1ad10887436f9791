// One file for the Runtime class: run, stream, llmClient and dispose share its parts; the parts
// themselves (model choice, agent clients, checkpointing, planning, the run's bus and scope) live beside it.

import { performance } from 'node:perf_hooks';
import type { ModelMessage } from 'ai';
import type { CrewBudget } from '../budget/crew-budget.js';
import type { ModelCallBudget } from '../budget/model-call-budget.js';
import type { StateStore } from '../checkpoint/state-store.js';
import type { ConsensusVotingOptions } from '../consensus/consensus-settings.js';
import type { ConversationSettings } from '../conversations/conversation-settings.js';
import type { ThreadContext, ThreadInfo, ThreadStore } from '../conversations/thread-store.js';
import { summaryPrompt } from '../conversations/turn-summary.js';
import type { AgentDefinition, AgentInput } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { defineAgent } from '../crew/define-crew.js';
import { CrewMemory } from '../crew-memory/crew-memory.js';
import type { CrewMemorySettings } from '../crew-memory/crew-memory-settings.js';
import type { MemoryLayer } from '../crew-memory/memory-layer.js';
import type { PiiDetector } from '../dlp/pii-detector.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { CrewLinksService } from '../event-hub/crew-link.js';
import type { CrewExecutionStateManager } from '../execution-state/crew-execution-state-manager.js';
import type { Guardian } from '../guardian/guardian.js';
import type { GuardrailCatalogue } from '../guardrails/guardrail-catalogue.js';
import { GuardrailSet } from '../guardrails/guardrail-set.js';
import type { CrewKickoffHookRunner } from '../hooks/crew-kickoff-hook-runner.js';
import type { KnowledgeBase } from '../knowledge/knowledge-base.js';
import { KnowledgeBaseUnavailableError } from '../knowledge/knowledge-base-unavailable-error.js';
import type { LlmDeltaSink } from '../llm/console-streaming.js';
import { LlmClient } from '../llm/llm-client.js';
import { LlmError } from '../llm/llm-errors.js';
import type { Logger } from '../logging/logger.js';
import type { MemoryStores } from '../memory/memory-stores.js';
import type { MultiModalContent } from '../multimodal/multimodal-content.js';
import { OutputPiiUncheckedError } from '../output-validation/output-pii-unchecked-error.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { TaskFailureError } from '../process/crew-run-errors.js';
import { runCrew, toolNamesFor } from '../process/run-crew.js';
import { agentSystemPrompt } from '../process/task-prompt.js';
import type { ServiceProvider } from '../services/service-provider.js';
import type { ModelPrice } from '../telemetry/model-prices.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import type { ToolInvocationPipeline } from '../tools/tool-invocation-pipeline.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { FileSystem } from '../vfs/file-system.js';
import { AgentClients } from './agent-clients.js';
import { type CrewSession, openCrewSession } from './crew-checkpointing.js';
import { CrewCoworkers } from './crew-coworkers.js';
import { bridgeCrewEvent } from './crew-event-bridge.js';
import { planCrewRun } from './crew-planning.js';
import { EventChannel } from './event-channel.js';
import type { ModelChoice } from './model-choice.js';
import { openRun } from './open-run.js';
import type { RunEvent, RunEventListener } from './run-events.js';
import { activeRunScope, type RunScope, withRunScope } from './run-scope.js';
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
  /** Model prices for the cost budget and `cost.updated` (built-in table plus `Telemetry:Prices`). */
  readonly prices?: Readonly<Record<string, ModelPrice>>;
  /** Record prompts and answers on the chat spans (`Telemetry:CaptureContent`). */
  readonly captureContent?: boolean;
  /** How deep delegation may go (`Svc:Delegation:MaxDepth`); default 2. */
  readonly maxDelegationDepth?: number;
  /** Voting of the consensual process (`Svc:Consensus:Voting`). */
  readonly consensus?: ConsensusVotingOptions;
  /** The time events are stamped with; default the system clock. */
  readonly clock?: () => Date;
  /** The conversation threads (resolved on first use) and how much of a thread an agent sees. */
  readonly threads?: () => ThreadStore;
  readonly conversations?: ConversationSettings;
  /** The memory stores (`Memory:Provider` and every registered type). */
  readonly memory?: MemoryStores;
  /** The embedding provider, resolved when crew memory first needs one. */
  readonly embeddings?: () => EmbeddingProvider | undefined;
  /** What crew memory recalls (`Svc:CrewMemory`). */
  readonly crewMemory?: CrewMemorySettings;
  /** The layer crew memory keeps and recalls through, when one is registered (cognitive memory). */
  readonly memoryLayer?: () => MemoryLayer | undefined;
  /** The knowledge base of crews' `rag:` and agents' `knowledge:`, when one is registered. */
  readonly knowledgeBase?: () => KnowledgeBase | undefined;
  /** Screens prompts and frames tool results for every model client; absent when the Guardian is off. */
  readonly guardian?: Guardian;
  /** The runtime's guardrails and those registered by name. */
  readonly guardrails?: GuardrailCatalogue;
  /** `Svc:Security:OutputValidation:MaxRepairAttempts`. */
  readonly maxRepairAttempts?: number;
  /** Finds personal data for `outputValidation.forbiddenPii`, when data-loss prevention is enabled. */
  readonly piiDetector?: () => PiiDetector | undefined;
  /** Budgets kept outside the runs (`ModelCallBudgetService`), asked around every model call. */
  readonly modelCallBudgets?: readonly ModelCallBudget[];
  /** Sends attachments and the media of tool results (`addSvcMultiModal`). */
  readonly multiModal?: MultiModalContent | undefined;
}

type RunTarget = AgentDefinition | AgentInput | CrewDefinition;

/** What `orkeon run` exits with for a run that ended this way; `run.finished` carries it. */
const exitCodes = { ok: 0, failed: 2, interrupted: 130 } as const;

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
  readonly #clients: AgentClients;
  #disposed: Promise<void> | undefined;

  constructor(parts: RuntimeParts) {
    this.#parts = parts;
    this.services = parts.services;
    this.logger = parts.logger;
    this.vfs = parts.vfs;
    this.tools = parts.tools;
    this.pipeline = parts.pipeline;
    this.#clients = new AgentClients({
      models: parts.models,
      logger: parts.logger,
      pipeline: parts.pipeline,
      tools: parts.tools,
      consoleSink: parts.consoleSink,
      maxDelegationDepth: parts.maxDelegationDepth ?? 2,
      guardian: parts.guardian,
      guardrails: parts.guardrails,
      modelCallBudgets: parts.modelCallBudgets,
      multiModal: parts.multiModal,
      captureContent: parts.captureContent,
    });
  }

  /** The model agents use unless they name another. */
  get defaultModel() {
    return this.#parts.models.defaultModel;
  }

  /**
   * The memory stores: `await runtime.memory.get()` is the `Memory:Provider` store,
   * `get('sqlite')` another registered one.
   */
  get memory(): MemoryStores {
    const memory = this.#parts.memory;
    if (memory === undefined)
      throw new OrkeonError<CoreErrorCode>(
        'SERVICE_NOT_REGISTERED',
        'This runtime has no memory stores: build it with createRuntime(), which registers them.',
      );
    return memory;
  }

  /**
   * The conversation threads `run(agent, input, { thread, resource })` continues: list,
   * read and delete them (by resource).
   */
  get threads(): ThreadStore {
    const threads = this.#parts.threads?.();
    if (threads === undefined)
      throw new OrkeonError<CoreErrorCode>(
        'SERVICE_NOT_REGISTERED',
        'This runtime has no thread store: build it with createRuntime(), which registers one.',
      );
    return threads;
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
        new OrkeonError<CoreErrorCode>(
          'RUNTIME_DISPOSED',
          'This runtime was disposed; create another with createRuntime().',
        ),
      );
    }
    const runOptions: RunOptions = (isCrew(target) ? (inputOrOptions as CrewRunOptions | undefined) : options) ?? {};
    const listeners = [...this.#parts.listeners, ...(runOptions.onEvent === undefined ? [] : [runOptions.onEvent])];
    // The caller's own events (RunOptions.onEmitter) join the stream between run.started and run.finished.
    let emitterOpen = false;
    const deliver = (event: RunEvent) => {
      if (event.kind === 'run.finished' && emitterOpen) {
        emitterOpen = false;
        runOptions.onEmitter?.(undefined);
      }
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
      if (event.kind === 'run.started' && runOptions.onEmitter !== undefined) {
        emitterOpen = true;
        runOptions.onEmitter((extra) => {
          if (emitterOpen) scope.emit(extra);
        });
      }
    };
    const crew = isCrew(target) ? target : (runOptions as AgentRunOptions).crew;
    const budget: CrewBudget | undefined = runOptions.budget ?? (isCrew(target) ? target.budget : undefined);
    const { scope, close } = openRun({
      deliver,
      logger: this.logger,
      prices: this.#parts.prices ?? {},
      ...(this.#parts.clock === undefined ? {} : { clock: this.#parts.clock }),
      ...(crew === undefined ? {} : { crewId: crew.name }),
      ...(budget === undefined ? {} : { budget }),
      ...(runOptions.signal === undefined ? {} : { signal: runOptions.signal }),
      ...(runOptions.humanInput === undefined ? {} : { humanInput: runOptions.humanInput }),
      ...(isCrew(target) ? { coworkers: (base: RunScope) => this.#coworkers(target, base, runOptions) } : {}),
    });
    const work = withRunScope<AgentRunResult | CrewRunResult>(scope, () =>
      isCrew(target)
        ? this.#runCrew(target, runOptions as CrewRunOptions, scope)
        : this.#runAgent(target, String(inputOrOptions ?? ''), runOptions, scope),
    );
    return work.finally(close);
  }

  async #runAgent(
    input: AgentDefinition | AgentInput,
    goal: string,
    options: AgentRunOptions,
    scope: RunScope,
  ): Promise<AgentRunResult> {
    const agent = defineAgent(input as AgentInput);
    this.#adoptTools(agent.ownTools);
    const caller: CallerIdentity = options.caller ?? { kind: 'agent', agent: agent.role, agentId: agent.id };
    const deltas = options.deltas === true;
    const started = performance.now();
    scope.emit({ kind: 'run.started', agentId: agent.id, target: agent.id, stream: deltas, ...budgetOf(scope) });
    try {
      const client = this.#clients.client(agent, options.crew, agent.tools, { caller, scope, deltas });
      const permissionMode = options.permissionMode ?? this.#parts.permissionMode;
      const conversation = options.thread === undefined ? undefined : await this.#conversation(options);
      const system = agentSystemPrompt(agent);
      const { responseMessages, ...answer } = await client.act(goal, {
        system:
          conversation?.context.summary === undefined
            ? system
            : `${system}\n\nEarlier in this conversation (a summary):\n${conversation.context.summary}`,
        maxIterations: agent.maxIterations,
        signal: scope.signal,
        ...(agent.stopWhen === undefined ? {} : { stopWhen: agent.stopWhen }),
        ...(permissionMode === undefined ? {} : { permissionMode }),
        ...(conversation === undefined ? {} : { history: conversation.context.messages }),
        ...(options.attachments === undefined ? {} : { attachments: options.attachments }),
      });
      // A turn the caller interrupted is not kept: the thread goes on from the turn before.
      const thread =
        conversation === undefined || answer.interrupted === true
          ? undefined
          : await conversation.keep([{ role: 'user', content: goal }, ...(responseMessages ?? [])], client);
      const result: AgentRunResult = thread === undefined ? answer : { ...answer, thread };
      const spent = scope.meter.exhaustion;
      const interrupted = result.interrupted === true && spent === undefined;
      const success = result.interrupted !== true && result.exhausted !== true;
      scope.emit({
        kind: 'run.finished',
        agentId: agent.id,
        success,
        exitCode: success ? exitCodes.ok : interrupted ? exitCodes.interrupted : exitCodes.failed,
        tokens: scope.meter.usage().tokens,
        durationMs: Math.round(performance.now() - started),
        output: result.output,
        ...costOf(scope),
        ...(interrupted ? { interrupted: true as const } : {}),
        ...(spent === undefined ? {} : { budgetExhausted: spent.dimension }),
      });
      return spent === undefined ? result : { ...result, budgetExhausted: spent };
    } catch (error) {
      reportFailure(scope, error, { code: 'AGENT_RUN_FAILED', agentId: agent.id, started });
      throw error;
    }
  }

  /** The thread an agent run continues: its context now, and how to keep the turn. */
  async #conversation(options: RunOptions): Promise<{
    context: ThreadContext;
    keep(messages: readonly ModelMessage[], client: LlmClient): Promise<ThreadInfo>;
  }> {
    const threads = this.threads;
    const resource = options.resource ?? 'default';
    const threadId = options.thread as string;
    const settings = this.#parts.conversations ?? { MaxTokens: 8000, Overflow: 'drop' as const };
    return {
      context: await threads.context(resource, threadId),
      keep: (messages, client) =>
        threads.appendTurn(resource, threadId, messages, {
          maxTokens: settings.MaxTokens,
          ...(settings.Overflow === 'summarize'
            ? { summarize: async (earlier, leaving) => (await client.complete(summaryPrompt(earlier, leaving))).output }
            : {}),
        }),
    };
  }

  /** The crew's memory: its store (`memoryProvider`, else `Memory:Provider`), its scope, this run. */
  async #crewMemory(crew: CrewDefinition, runId: string, options: CrewRunOptions): Promise<CrewMemory> {
    return new CrewMemory({
      store: await this.memory.get(crew.memoryProvider),
      embeddings: this.#parts.embeddings?.(),
      layer: this.#parts.memoryLayer?.(),
      settings: this.#parts.crewMemory ?? { RecallLimit: 5, MinScore: 0.6, MaxChars: 4000 },
      scope: crew.memoryScope,
      ids: { crew: crew.name, run: runId, user: options.resource ?? 'default' },
      logger: this.logger.child({ crew: crew.name }),
      ...(this.#parts.clock === undefined ? {} : { clock: this.#parts.clock }),
    });
  }

  /** The knowledge base a crew uses (`rag:`, agents' `knowledge:`); none needed, undefined; needed and missing, refused. */
  #knowledgeBaseFor(crew: CrewDefinition): KnowledgeBase | undefined {
    const attached = crew.agents.some((agent) => (agent.knowledge?.length ?? 0) > 0);
    const declared = crew.rag !== undefined && Object.keys(crew.rag.collections).length > 0;
    if (!attached && !declared) return undefined;
    const base = this.#parts.knowledgeBase?.();
    if (base === undefined)
      throw new KnowledgeBaseUnavailableError(
        crew.name,
        declared ? 'declares rag: collections' : 'has agents with knowledge:',
      );
    return base;
  }

  async #runCrew(crew: CrewDefinition, options: CrewRunOptions, scope: RunScope): Promise<CrewRunResult> {
    for (const agent of crew.agents) this.#adoptTools(agent.ownTools);
    const { hooks, executionStates, logger } = this.#parts;
    const started = performance.now();
    // A guardrail name nothing answers to refuses the run before any work.
    this.#parts.guardrails?.check(crew);
    const piiDetector = this.#parts.piiDetector?.();
    // A rule nothing could check would pass every answer: refuse before any model call.
    const uncheckable = crew.tasks.find((task) => task.outputValidation?.forbiddenPii !== undefined);
    if (uncheckable !== undefined && piiDetector === undefined) throw new OutputPiiUncheckedError(uncheckable.id);
    // Attachments nothing could send would be lost: refuse before any model call too.
    const attaching = crew.tasks.find((task) => (task.attachments?.length ?? 0) > 0);
    if (attaching !== undefined && this.#parts.multiModal === undefined)
      throw new LlmError(
        'LLM_ATTACHMENTS_UNSUPPORTED',
        `Task '${attaching.id}' has attachments, but no multimodal subsystem is registered: call addSvcMultiModal(services, configuration) from @orkeon/multimodal (orkeon run: add a Svc:MultiModal section to the settings), or remove the attachments.`,
      );
    if (crew.memory && crew.memoryProvider !== undefined)
      this.memory.checkedType(crew.memoryProvider, `Crew '${crew.name}' memoryProvider`);
    const knowledge = this.#knowledgeBaseFor(crew);
    const store = this.#parts.store();
    await hooks?.runBeforeKickoff(crew);
    // The event hub's links ACL holds the crew to its `links:` from its first message on.
    this.services.tryGet(CrewLinksService)?.register(crew.name, crew.links ?? []);
    // The crew's collections are ingested before its first task; unchanged sources cost nothing.
    if (knowledge !== undefined && crew.rag !== undefined)
      await knowledge.prepare(
        Object.entries(crew.rag.collections).map(([name, collection]) => ({ name, ...collection })),
        scope.signal,
      );
    const session: CrewSession | undefined =
      store === undefined
        ? undefined
        : await openCrewSession(crew, {
            store,
            vfs: this.vfs,
            logger,
            resume: options.resume === true,
            meter: scope.meter,
          });
    const sessionId = session?.sessionId ?? `${crew.name}-${Date.now()}`;
    scope.run.id = sessionId;
    const memory = crew.memory ? await this.#crewMemory(crew, sessionId, options) : undefined;
    const deltas = options.deltas === true;
    // On a thread every agent of the crew continues the conversation (its summary after each system prompt).
    const conversation = options.thread === undefined ? undefined : await this.#conversation(options);
    scope.emit({
      kind: 'run.started',
      target: crew.name,
      stream: deltas,
      process: crew.process,
      tasks: crew.tasks.map((task) => task.id),
      reused: Object.keys(session?.completedOutputs ?? {}),
      resumed: session?.resumed ?? false,
      sessionId,
      ...budgetOf(scope),
    });
    // A resumed run's budget counts on from its earlier runs; one they spent stops this run before any model call.
    session?.countEarlierUsage();
    const execution = await executionStates?.createState(crew.name, sessionId, crew.goal ?? '');
    const permissionMode = options.permissionMode ?? this.#parts.permissionMode;
    let result: Awaited<ReturnType<typeof runCrew>>;
    try {
      const planned =
        crew.planning === true && scope.meter.error === undefined
          ? await planCrewRun(crew, { clients: this.#clients, scope, logger, deltas })
          : crew;
      result = await runCrew(planned, {
        logger,
        signal: scope.signal,
        sessionId,
        budgetSpent: () => scope.meter.error,
        ...(permissionMode === undefined ? {} : { permissionMode }),
        completedOutputs: session?.completedOutputs ?? {},
        ...(crew.agentSelection === 'Embedding' ? { embeddings: this.#parts.embeddings?.() } : {}),
        ...(memory === undefined ? {} : { memory }),
        ...(knowledge === undefined ? {} : { knowledge }),
        ...(this.#parts.consensus === undefined ? {} : { consensus: this.#parts.consensus }),
        ...(this.#parts.maxRepairAttempts === undefined ? {} : { maxRepairAttempts: this.#parts.maxRepairAttempts }),
        ...(piiDetector === undefined ? {} : { piiDetector }),
        onEvent: async (event) => {
          bridgeCrewEvent(scope, event);
          await session?.record(event);
          if (execution !== undefined && event.kind === 'task.started')
            await executionStates?.updateState(sessionId, { status: 'Running', currentTaskId: event.taskId });
        },
        clientFor: (agent, task, caller) =>
          this.#clients.client(agent, planned, toolNamesFor(agent, task), {
            caller,
            scope,
            deltas,
            taskId: task.id,
            conversation: conversation?.context,
          }),
      });
    } catch (error) {
      reportFailure(scope, error, { code: 'CREW_RUN_FAILED', started });
      throw error;
    }
    const deliverableFailure = session?.deliverableFailure;
    if (result.success && deliverableFailure === undefined) await session?.complete();
    else await session?.saveUsage();
    if (execution !== undefined) {
      if (result.success) await executionStates?.completeState(sessionId, { output: result.output });
      else
        await executionStates?.updateState(sessionId, {
          status: 'Failed',
          error: deliverableFailure ?? result.error?.message ?? 'the crew did not succeed',
        });
    }
    await hooks?.runAfterKickoff(crew, result);
    const spent = scope.meter.exhaustion;
    const success = result.success && deliverableFailure === undefined;
    const thread =
      conversation === undefined || !success
        ? undefined
        : await conversation.keep(
            [
              { role: 'user', content: crew.tasks[0]?.description ?? crew.name },
              { role: 'assistant', content: result.output },
            ],
            this.#summaryClient(crew, scope),
          );
    const failedIds = result.tasks.filter((task) => task.status === 'Failed').map((task) => task.id);
    const skippedIds = result.tasks.filter((task) => task.status === 'Skipped').map((task) => task.id);
    const error = result.error === undefined ? undefined : { code: result.error.code, message: result.error.message };
    scope.emit({
      kind: 'run.finished',
      success,
      exitCode: success ? exitCodes.ok : result.interrupted === true ? exitCodes.interrupted : exitCodes.failed,
      tokens: scope.meter.usage().tokens,
      durationMs: Math.round(performance.now() - started),
      output: result.output,
      ...costOf(scope),
      ...(failedIds.length === 0 ? {} : { failed: failedIds }),
      ...(skippedIds.length === 0 ? {} : { skipped: skippedIds }),
      ...(result.interrupted === true ? { interrupted: true as const } : {}),
      ...(spent === undefined ? {} : { budgetExhausted: spent.dimension }),
      ...(error === undefined
        ? deliverableFailure === undefined
          ? {}
          : { error: { code: 'CREW_RUN_FAILED', message: deliverableFailure } }
        : { error }),
    });
    return {
      ...result,
      sessionId,
      resumed: session?.resumed ?? false,
      ...(deliverableFailure === undefined ? {} : { deliverableFailure }),
      ...(spent === undefined ? {} : { budgetExhausted: spent }),
      ...(thread === undefined ? {} : { thread }),
    };
  }

  /** The client that summarises a crew's thread: its first agent's model, no tools. */
  #summaryClient(crew: CrewDefinition, scope: RunScope): LlmClient {
    const first = crew.agents[0] as CrewDefinition['agents'][number];
    return this.#clients.client(first, crew, [], {
      caller: { kind: 'agent', agent: first.role, agentId: first.id, crew: crew.name },
      scope,
      deltas: false,
    });
  }

  /** The crew's members for the collaboration tools; a consultation runs the coworker's own tool loop, one level deeper. */
  #coworkers(crew: CrewDefinition, base: RunScope, options: RunOptions): CrewCoworkers {
    const permissionMode = options.permissionMode ?? this.#parts.permissionMode;
    return new CrewCoworkers(crew, {
      maxDepth: this.#parts.maxDelegationDepth ?? 2,
      guardian: this.#parts.guardian,
      work: async (coworker, prompt, consultation) => {
        const current = activeRunScope() ?? base;
        const asking = consultation.caller.agentId;
        const chain = current.delegation.chain.length > 0 || asking === undefined ? current.delegation.chain : [asking];
        const nested: RunScope = {
          ...current,
          delegation: { depth: current.delegation.depth + 1, chain: [...chain, coworker.id] },
        };
        return withRunScope(nested, async () => {
          const caller: CallerIdentity = {
            kind: 'agent',
            agent: coworker.role,
            agentId: coworker.id,
            crew: crew.name,
            process: crew.process,
            ...(consultation.caller.task === undefined ? {} : { task: consultation.caller.task }),
          };
          const client = this.#clients.client(coworker, crew, coworker.tools, {
            caller,
            scope: nested,
            deltas: options.deltas === true,
            taskId: consultation.caller.task,
          });
          const result = await client.act(prompt, {
            system: agentSystemPrompt(coworker),
            maxIterations: coworker.maxIterations,
            signal: consultation.signal,
            ...(permissionMode === undefined ? {} : { permissionMode }),
          });
          if (result.interrupted === true)
            throw new TaskFailureError('TASK_INTERRUPTED', 'the run stopped before they finished');
          if (result.exhausted === true)
            throw new TaskFailureError(
              'TASK_ITERATIONS_EXHAUSTED',
              `they used all ${coworker.maxIterations} iterations without an answer`,
            );
          return { answer: result.output, usage: result.usage };
        });
      },
    });
  }

  /**
   * A model client for code that drives the model itself (procedural scripts): the
   * default model with the `Llm` settings, the given tools (default: every tool)
   * called through this runtime's pipeline, and the console sink when registered.
   */
  llmClient(options: { caller?: CallerIdentity; tools?: readonly Tool[] } = {}): LlmClient {
    const consoleSink = this.#parts.consoleSink;
    const everywhere = this.#parts.guardrails?.for(undefined, undefined) ?? [];
    return new LlmClient({
      model: this.#parts.models.defaultModel,
      logger: this.logger,
      pipeline: this.pipeline,
      tools: options.tools ?? this.tools.list(),
      settings: this.#parts.models.defaultCallSettings(),
      ...(options.caller === undefined ? {} : { caller: options.caller }),
      ...(this.#parts.guardian === undefined ? {} : { guardian: this.#parts.guardian }),
      ...(consoleSink === undefined ? {} : { deltaSink: consoleSink }),
      ...(everywhere.length === 0 ? {} : { guardrails: new GuardrailSet(everywhere) }),
      ...(this.#parts.multiModal === undefined ? {} : { multiModal: this.#parts.multiModal }),
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

function budgetOf(scope: RunScope): { budget?: Record<string, number> } {
  const limits = Object.entries(scope.meter.budget).filter(
    (entry): entry is [string, number] => entry[1] !== undefined,
  );
  return limits.length === 0 ? {} : { budget: Object.fromEntries(limits) };
}

function costOf(scope: RunScope): { costUsd?: number } {
  const cost = scope.meter.usage().costUsd;
  return cost > 0 ? { costUsd: cost } : {};
}

/** A run that throws ends its events with an `error` and a failed `run.finished` caused by it. */
function reportFailure(
  scope: RunScope,
  error: unknown,
  context: { readonly code: string; readonly agentId?: string; readonly started: number },
): void {
  const failure = error as { code?: unknown; message?: unknown };
  const info = {
    code: typeof failure.code === 'string' ? failure.code : context.code,
    message: String(failure.message ?? error),
  };
  const agent = context.agentId === undefined ? {} : { agentId: context.agentId };
  const seq = scope.emit({ kind: 'error', ...agent, ...info, recoverable: false });
  scope.emit({
    kind: 'run.finished',
    ...agent,
    causationId: seq,
    success: false,
    exitCode: exitCodes.failed,
    tokens: scope.meter.usage().tokens,
    durationMs: Math.round(performance.now() - context.started),
    error: info,
  });
}
