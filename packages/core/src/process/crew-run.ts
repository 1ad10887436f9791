// One file for CrewRun, the state every process shares (outcomes, usage, the rules of settling a task);
// event delivery, the task's work and the run's error live beside it.

import { performance } from 'node:perf_hooks';
import { BudgetExhaustedError } from '../budget/budget-exhausted-error.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { CrewMemory, RecalledMemory } from '../crew-memory/crew-memory.js';
import type { PiiDetector } from '../dlp/pii-detector.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { KnowledgeBase, KnowledgePassage } from '../knowledge/knowledge-base.js';
import type { LlmClient, ResponseFormat, TokenUsage } from '../llm/llm-client.js';
import type { Logger } from '../logging/logger.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import type { CallerIdentity } from '../tools/tool.js';
import type { AgentSelector } from './agent-selector.js';
import { CrewEventDelivery } from './crew-event-delivery.js';
import type { CrewEvent, CrewEventListener, FailureInfo } from './crew-events.js';
import type { CrewResult, CrewResultMetadataValue, TaskOutcome } from './crew-result.js';
import { asOrkeonError, crewRunError } from './crew-run-failure.js';
import type { EarlierOutput, RevisionRequest } from './task-prompt.js';
import { type AgentTurn, takeTurn, workOnTask } from './task-work.js';
import { addUsage, zeroUsage } from './token-usage.js';

/**
 * Builds the model client an agent works with on a task. `caller` names the crew,
 * process, task and agent: pass it to `new LlmClient({ caller })` so that telemetry
 * spans and tool audit events carry them. The agent's tools plus the task's
 * (`toolNamesFor`) and its `llm.model` are the factory's to honour.
 */
export type LlmClientFactory = (agent: AgentDefinition, task: TaskDefinition, caller: CallerIdentity) => LlmClient;

export interface CrewRunSettings {
  readonly clientFor: LlmClientFactory;
  readonly logger: Logger;
  readonly signal?: AbortSignal;
  readonly onEvent?: CrewEventListener;
  readonly completedOutputs: ReadonlyMap<string, string>;
  readonly permissionMode?: PermissionMode;
  readonly selector: AgentSelector;
  /** The crew budget's error once a limit is spent (see `RunCrewOptions.budgetSpent`). */
  readonly budgetSpent?: () => BudgetExhaustedError | undefined;
  /** Crew memory (`memory: true`): recalled before each task, told each result. */
  readonly memory?: CrewMemory;
  /** Searches the agent's `knowledge:` collections before each of its tasks. */
  readonly knowledge?: KnowledgeBase;
  /** Repairs of a broken answer when a task does not say; default 1. */
  readonly maxRepairAttempts?: number;
  /** Finds personal data for the tasks' `outputValidation.forbiddenPii`. */
  readonly piiDetector?: PiiDetector;
}

/**
 * The state of one run, shared by the processes: each task's outcome, the token
 * count, the events (delivered one at a time, in order), and the rules every process
 * follows: reused tasks are not run, dependants of a failed or skipped task are
 * skipped, a stop (signal, or an error that ends the run) skips what has not started.
 */
export class CrewRun {
  readonly crew: CrewDefinition;
  /** The order tasks are settled in; the result lists them so. */
  readonly order: readonly TaskDefinition[];
  readonly logger: Logger;
  readonly #settings: CrewRunSettings;
  readonly #outcomes = new Map<string, TaskOutcome>();
  readonly #started = performance.now();
  #usage: TokenUsage = zeroUsage;
  #stoppedBy: OrkeonError | undefined;
  readonly #metadata = new Map<string, CrewResultMetadataValue>();
  readonly #events: CrewEventDelivery;
  /** One recall per task and agent, kept for its revisions and retries. */
  readonly #recalled = new Map<string, Promise<RecalledMemory[]>>();
  /** One knowledge search per task and agent, kept for its revisions and retries. */
  readonly #knowledge = new Map<string, Promise<KnowledgePassage[]>>();

  constructor(crew: CrewDefinition, order: readonly TaskDefinition[], settings: CrewRunSettings) {
    this.crew = crew;
    this.order = order;
    this.logger = settings.logger;
    this.#settings = settings;
    this.#events = new CrewEventDelivery(settings.onEvent, settings.logger);
  }

  get signal(): AbortSignal | undefined {
    return this.#settings.signal;
  }

  /** True when the caller's signal stopped the run (a spent crew budget is not an interruption). */
  get interrupted(): boolean {
    return this.#settings.signal?.aborted === true && this.budgetStop === undefined;
  }

  /** The spent crew budget that stopped the run (the signal's reason), if that is what stopped it. */
  get budgetStop(): BudgetExhaustedError | undefined {
    const signal = this.#settings.signal;
    if (signal?.aborted === true && BudgetExhaustedError.isInstance(signal.reason)) return signal.reason;
    return this.#settings.budgetSpent?.();
  }

  /** True once the signal fired, the budget was spent or an error ended the run: nothing new starts. */
  get stopped(): boolean {
    return this.#settings.signal?.aborted === true || this.budgetStop !== undefined || this.#stoppedBy !== undefined;
  }

  /** Ends the run for every task not yet started (a tripped breaker, a spent execution budget); `error` becomes the run's. */
  stop(error: OrkeonError): void {
    this.#stoppedBy ??= error;
  }

  /** True once the task has an outcome (completed, failed or skipped). */
  isSettled(taskId: string): boolean {
    return this.#outcomes.has(taskId);
  }

  /** A key of the result's `metadata` (process facts such as `process_type` or budget usage). */
  setMetadata(key: string, value: CrewResultMetadataValue): void {
    this.#metadata.set(key, value);
  }

  async start(): Promise<void> {
    await this.emit({
      kind: 'run.started',
      crew: this.crew.name,
      process: this.crew.process,
      tasks: this.order.map((task) => task.id),
      reused: this.order.filter((task) => this.#settings.completedOutputs.has(task.id)).map((task) => task.id),
    });
  }

  /**
   * Settles a task that must not run: its output is reused (even after a stop, so a
   * checkpoint never loses it), the run stopped, or a dependency failed or was
   * skipped. Returns false when the task should run.
   */
  async settleWithoutRunning(task: TaskDefinition): Promise<boolean> {
    const reused = this.#settings.completedOutputs.get(task.id);
    if (reused !== undefined) {
      this.#outcomes.set(task.id, {
        id: task.id,
        ...(task.agent === undefined ? {} : { agent: task.agent }),
        status: 'Completed',
        output: reused,
        durationMs: 0,
        reusedFromCheckpoint: true,
      });
      await this.emit({
        kind: 'task.completed',
        crew: this.crew.name,
        taskId: task.id,
        ...(task.agent === undefined ? {} : { agentId: task.agent }),
        durationMs: 0,
        output: reused,
        reused: true,
      });
      return true;
    }
    if (this.stopped) {
      const reason = this.interrupted
        ? 'the run was interrupted'
        : this.budgetStop === undefined
          ? 'the run stopped'
          : this.budgetStop.exhaustion.setting !== undefined
            ? `the budget ${this.budgetStop.exhaustion.setting} is spent`
            : `the crew budget (${this.budgetStop.exhaustion.dimension}) is spent`;
      await this.skip(task, reason);
      return true;
    }
    for (const dependency of task.dependencies) {
      const status = this.#outcomes.get(dependency)?.status;
      if (status === 'Failed' || status === 'Skipped') {
        await this.skip(task, `dependency '${dependency}' ${status === 'Failed' ? 'failed' : 'was skipped'}`);
        return true;
      }
    }
    return false;
  }

  /**
   * The task's own agent, else the selector's choice. A selector that cannot work
   * (no embedding provider) fails the task and stops the run: undefined then.
   */
  async agentFor(task: TaskDefinition): Promise<AgentDefinition | undefined> {
    if (task.agent !== undefined) return this.agent(task.agent);
    try {
      const agent = await this.#settings.selector.select(task, this.crew.agents);
      this.logger.debug({ task: task.id, agent: agent.id }, 'agent selected for the task');
      return agent;
    } catch (error) {
      const failure = asOrkeonError(error);
      await this.fail(task, undefined, failure, performance.now());
      this.#stoppedBy = failure;
      return undefined;
    }
  }

  agent(id: string): AgentDefinition {
    const agent = this.crew.agents.find((candidate) => candidate.id === id);
    if (agent === undefined)
      throw new OrkeonError<CoreErrorCode>('CREW_AGENT_UNKNOWN', `The crew has no agent '${id}'.`);
    return agent;
  }

  /** The model client for `agent` working on `task`, with the caller identity for telemetry. */
  client(agent: AgentDefinition, task: TaskDefinition): LlmClient {
    return this.#settings.clientFor(agent, task, {
      kind: 'agent',
      agent: agent.role,
      agentId: agent.id,
      crew: this.crew.name,
      process: this.crew.process,
      task: task.id,
    });
  }

  /** The outputs of the completed tasks so far, in settling order. */
  earlierOutputs(): EarlierOutput[] {
    return [...this.#outcomes.values()].flatMap((outcome) =>
      outcome.status === 'Completed' && outcome.output !== undefined
        ? [
            {
              taskId: outcome.id,
              ...(outcome.agent === undefined ? {} : { agentRole: this.#roleOf(outcome.agent) }),
              output: outcome.output,
            },
          ]
        : [],
    );
  }

  /** The simple path of a task: start, work, complete (or fail). */
  async perform(task: TaskDefinition, agent: AgentDefinition, earlier: readonly EarlierOutput[]): Promise<void> {
    const startedAt = performance.now();
    await this.begin(task, agent, 1);
    try {
      const { output, usage } = await this.work(task, agent, earlier);
      await this.complete(task, agent, output, usage, startedAt);
    } catch (error) {
      await this.fail(task, agent, asOrkeonError(error), startedAt);
    }
  }

  async begin(task: TaskDefinition, agent: AgentDefinition, attempt: number): Promise<void> {
    await this.emit({
      kind: 'task.started',
      crew: this.crew.name,
      taskId: task.id,
      agentId: agent.id,
      agentRole: agent.role,
      attempt,
    });
  }

  /** The agent's tool loop on the task (see `workOnTask`); the tokens count towards the run. */
  async work(
    task: TaskDefinition,
    agent: AgentDefinition,
    earlier: readonly EarlierOutput[],
    revision?: RevisionRequest,
    /** Ends this work early, beside the run's own stop (a delegate's time-out). */
    stop?: AbortSignal,
  ): Promise<{ output: string; usage: TokenUsage }> {
    const turn = this.#turn(task, agent);
    const signal =
      stop === undefined || turn.signal === undefined ? (stop ?? turn.signal) : AbortSignal.any([turn.signal, stop]);
    const recalled = await this.#recall(task, agent);
    const knowledge = await this.#knowledgeFor(task, agent);
    return workOnTask(this.client(agent, task), { ...turn, signal, earlier, revision, recalled, knowledge });
  }

  /** The passages of the agent's `knowledge:` collections for the task, searched once per task and agent. */
  #knowledgeFor(task: TaskDefinition, agent: AgentDefinition): Promise<KnowledgePassage[]> {
    const base = this.#settings.knowledge;
    const attachments = agent.knowledge ?? [];
    if (base === undefined || attachments.length === 0) return Promise.resolve([]);
    const key = `${task.id}\u0000${agent.id}`;
    let found = this.#knowledge.get(key);
    if (found === undefined) {
      const profile = this.crew.rag?.defaults?.profile;
      found = Promise.all(
        attachments.map((attachment) =>
          base.retrieve(
            attachment.profile === undefined && profile !== undefined ? { ...attachment, profile } : attachment,
            task.description,
            this.#settings.signal,
          ),
        ),
      ).then((lists) => lists.flat());
      this.#knowledge.set(key, found);
    }
    return found;
  }

  #recall(task: TaskDefinition, agent: AgentDefinition): Promise<RecalledMemory[]> {
    const memory = this.#settings.memory;
    if (memory === undefined) return Promise.resolve([]);
    const key = `${task.id}\u0000${agent.id}`;
    let recalled = this.#recalled.get(key);
    if (recalled === undefined) {
      recalled = memory.recall(task, agent);
      this.#recalled.set(key, recalled);
    }
    return recalled;
  }

  /**
   * The agent's tool loop on a prompt of the process's own (the hierarchical manager's
   * review), with what `work` gives it: its tools, signal and permission mode; the tokens count towards the run.
   */
  turn(
    task: TaskDefinition,
    agent: AgentDefinition,
    prompt: string,
    responseFormat?: ResponseFormat,
  ): Promise<{ output: string; value?: unknown; usage: TokenUsage }> {
    return takeTurn(this.client(agent, task), this.#turn(task, agent), prompt, {
      ...(responseFormat === undefined ? {} : { responseFormat }),
    });
  }

  #turn(task: TaskDefinition, agent: AgentDefinition): AgentTurn {
    return {
      crew: this.crew,
      task,
      agent,
      signal: this.#settings.signal,
      permissionMode: this.#settings.permissionMode,
      maxRepairAttempts: this.#settings.maxRepairAttempts,
      piiDetector: this.#settings.piiDetector,
      onUsage: (usage) => this.recordUsage(usage),
    };
  }

  async complete(
    task: TaskDefinition,
    agent: AgentDefinition,
    output: string,
    usage: TokenUsage,
    startedAt: number,
  ): Promise<void> {
    const durationMs = elapsed(startedAt);
    this.#outcomes.set(task.id, { id: task.id, agent: agent.id, status: 'Completed', output, durationMs, usage });
    await this.#settings.memory?.remember(task, agent, output);
    await this.emit({
      kind: 'task.completed',
      crew: this.crew.name,
      taskId: task.id,
      agentId: agent.id,
      agentRole: agent.role,
      durationMs,
      output,
      usage,
    });
  }

  async fail(
    task: TaskDefinition,
    agent: AgentDefinition | undefined,
    error: OrkeonError,
    startedAt: number,
    output?: string,
  ): Promise<void> {
    const durationMs = elapsed(startedAt);
    // Once the budget is spent, that is why unfinished work ends (a refused model call, an aborted one).
    const cause = this.interrupted ? error : (this.budgetStop ?? error);
    const info: FailureInfo = { code: cause.code, message: cause.message };
    this.logger.warn({ task: task.id, agent: agent?.id, err: error }, 'a crew task failed');
    this.#outcomes.set(task.id, {
      id: task.id,
      ...(agent === undefined ? {} : { agent: agent.id }),
      status: 'Failed',
      ...(output === undefined ? {} : { output }),
      error: info,
      durationMs,
    });
    await this.emit({
      kind: 'task.failed',
      crew: this.crew.name,
      taskId: task.id,
      ...(agent === undefined ? {} : { agentId: agent.id, agentRole: agent.role }),
      durationMs,
      error: info,
      ...(output === undefined ? {} : { output }),
    });
  }

  async skip(task: TaskDefinition, reason: string): Promise<void> {
    this.#outcomes.set(task.id, {
      id: task.id,
      ...(task.agent === undefined ? {} : { agent: task.agent }),
      status: 'Skipped',
      reason,
      durationMs: 0,
    });
    await this.emit({
      kind: 'task.completed',
      crew: this.crew.name,
      taskId: task.id,
      ...(task.agent === undefined ? {} : { agentId: task.agent }),
      durationMs: 0,
      skipped: true,
      reason,
    });
  }

  recordUsage(usage: TokenUsage): void {
    this.#usage = addUsage(this.#usage, usage);
  }

  /** Delivers `event` after the earlier ones; the listener's failures are logged, never thrown. */
  emit(event: CrewEvent): Promise<void> {
    return this.#events.deliver(event);
  }

  /** The result, and the closing event. */
  async finish(): Promise<CrewResult> {
    const tasks = this.order.map(
      (task): TaskOutcome =>
        this.#outcomes.get(task.id) ?? { id: task.id, status: 'Skipped', reason: 'the run stopped', durationMs: 0 },
    );
    const failed = tasks.filter((task) => task.status === 'Failed');
    const skipped = tasks.filter((task) => task.status === 'Skipped');
    const success = failed.length === 0 && skipped.length === 0 && this.#stoppedBy === undefined;
    const durationMs = elapsed(this.#started);
    const usage = this.#usage;
    const lastOutput = tasks.findLast((task) => task.output !== undefined)?.output ?? '';
    if (success) {
      const output = tasks.at(-1)?.output ?? '';
      await this.emit({ kind: 'run.completed', crew: this.crew.name, output, usage, durationMs });
      return { success, output, tasks, usage, durationMs, ...this.#metadataEntry() };
    }
    const interrupted = this.interrupted;
    const stoppedBy = this.#stoppedBy ?? this.budgetStop;
    const error = crewRunError(this.crew.name, { failed, skipped, interrupted, stoppedBy });
    await this.emit({
      kind: 'run.failed',
      crew: this.crew.name,
      error: { code: error.code, message: error.message },
      failed: failed.map((task) => task.id),
      skipped: skipped.map((task) => task.id),
      ...(interrupted ? { interrupted: true as const } : {}),
      usage,
      durationMs,
    });
    return {
      success,
      output: lastOutput,
      tasks,
      error,
      usage,
      ...(interrupted ? { interrupted: true } : {}),
      durationMs,
      ...this.#metadataEntry(),
    };
  }

  #metadataEntry(): { metadata?: Readonly<Record<string, CrewResultMetadataValue>> } {
    return this.#metadata.size === 0 ? {} : { metadata: Object.fromEntries(this.#metadata) };
  }

  #roleOf(agentId: string): string {
    return this.crew.agents.find((agent) => agent.id === agentId)?.role ?? agentId;
  }
}

function elapsed(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
}
