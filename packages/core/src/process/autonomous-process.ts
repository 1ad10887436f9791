import { performance } from 'node:perf_hooks';
import { AgentBudgetExhaustedError } from '../autonomous/agent-budget-exhausted-error.js';
import { AgentChannel, type AgentChannelResponse, AgentChannelTimeoutError } from '../autonomous/agent-channel.js';
import { AgentExecutionBudget } from '../autonomous/agent-execution-budget.js';
import type {
  AgentExecutionBudgetLimits,
  AgentExecutionBudgetPresetName,
} from '../autonomous/agent-execution-budget-limits.js';
import { AgentSpawner, withAgentSpawner } from '../autonomous/agent-spawner.js';
import { executionBudgetLimits } from '../autonomous/execution-budget-setting.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { TokenUsage } from '../llm/llm-client.js';
import type { CrewRun } from './crew-run.js';
import { TaskFailureError } from './crew-run-errors.js';
import { asOrkeonError } from './crew-run-failure.js';
import { assignWorker } from './manager-decisions.js';
import { addUsage, zeroUsage } from './token-usage.js';

/** How long a delegate may work before it is cancelled, unless the options say otherwise. */
export const delegationTimeoutMilliseconds = 120_000;

export interface AutonomousProcessOptions {
  /** The run's execution budget; wins over the crew's `executionBudget`. Default: the crew's, else Permissive. */
  readonly budget?: AgentExecutionBudgetLimits | AgentExecutionBudgetPresetName;
  readonly clock?: () => number;
  /** How long a delegate may work before its work is cancelled and the task fails. Default 2 minutes. */
  readonly delegationTimeoutMilliseconds?: number;
}

/** Decides assignments when the crew names no manager: the host's default model under this role. */
const coordinator: AgentDefinition = {
  id: 'autonomous-coordinator',
  role: 'Coordinator of an autonomous crew',
  goal: 'Hand each task to the agent best suited to it',
  tools: [],
  maxIterations: 1,
  allowDelegation: false,
};

interface DelegatePayload {
  readonly task: TaskDefinition;
  readonly budget: AgentExecutionBudget;
}

/** What every task of one run shares. */
interface AutonomousRun {
  readonly run: CrewRun;
  readonly manager: AgentDefinition;
  readonly workers: readonly AgentDefinition[];
  readonly budget: AgentExecutionBudget;
  readonly channel: AgentChannel;
  readonly timeoutMilliseconds: number;
  /** The delegates' work by request id, until it has stopped (also after a time-out). */
  readonly delegated: Map<string, Promise<unknown>>;
  /** A spawner for `agent` on `task`, recording on `budgets` (the run's first). */
  spawnerFor(agent: AgentDefinition, task: TaskDefinition, budgets: readonly AgentExecutionBudget[]): AgentSpawner;
}

/**
 * Tasks one at a time in run order; the manager (or, without one, a coordinator on
 * the default model) assigns each. Each task handed out counts one tool call against
 * the run's execution budget (the options', else the crew's `executionBudget`, else
 * Permissive). Agents may spawn helpers with `spawn_agent` (see `AgentSpawner`). When
 * the assigned agent fails and allows delegation, the task goes to the first other
 * agent over the in-process agent channel (intent `delegate`) under a child budget;
 * the delegate does not delegate again, its tokens count against the budget, and a
 * delegate still working at the time-out (2 minutes) is cancelled. A spent budget
 * stops the run with `Execution budget exhausted: <dimension>`. The result's metadata
 * carries `process_type`, `agent_count` and the `budget_*` keys.
 */
export async function runAutonomousProcess(run: CrewRun, options: AutonomousProcessOptions = {}): Promise<void> {
  const timeoutMilliseconds = options.delegationTimeoutMilliseconds ?? delegationTimeoutMilliseconds;
  if (!Number.isFinite(timeoutMilliseconds) || timeoutMilliseconds <= 0) {
    throw new OrkeonError<CoreErrorCode>(
      'CREW_RUN_OPTIONS_INVALID',
      `delegationTimeoutMilliseconds must be a number of milliseconds above 0, not ${timeoutMilliseconds}.`,
    );
  }
  const setting = run.crew.executionBudget;
  const budget = new AgentExecutionBudget(
    options.budget ?? (setting === undefined ? 'permissive' : executionBudgetLimits(setting)),
    options.clock === undefined ? {} : { clock: options.clock },
  );
  const manager = run.crew.manager === undefined ? coordinator : run.agent(run.crew.manager);
  const workers = run.crew.agents.filter((agent) => agent.id !== manager.id);
  let helpers = 0;
  const parts: AutonomousRun = {
    run,
    manager,
    workers,
    budget,
    channel: new AgentChannel(),
    timeoutMilliseconds,
    delegated: new Map(),
    spawnerFor: (agent, task, budgets) =>
      new AgentSpawner({
        agent,
        task,
        budgets,
        nextNumber: () => ++helpers,
        work: (helper, helperTask, signal) => run.work(helperTask, helper, [], undefined, signal),
      }),
  };
  const registrations = workers.map((worker) => registerDelegate(parts, worker));
  let exhausted: string | undefined;
  try {
    for (const task of run.order) {
      if (await run.settleWithoutRunning(task)) continue;
      exhausted ??= await runAutonomousTask(parts, task);
    }
  } finally {
    for (const registration of registrations) registration[Symbol.dispose]();
    // A cancelled delegate is winding down; the run ends once it has.
    await Promise.allSettled(parts.delegated.values());
    recordBudget(run, budget, workers.length, exhausted);
  }
}

/** Lets `worker` take delegated tasks: its work stops when the request's signal fires (the time-out) or the run stops. */
function registerDelegate(parts: AutonomousRun, worker: AgentDefinition): Disposable {
  const { run, budget, channel, delegated } = parts;
  return channel.registerHandler(worker.id, async (request, { signal }) => {
    if (request.intent !== 'delegate') return { ok: true, requestId: request.id };
    const { task, budget: child } = request.payload as DelegatePayload;
    const work = withAgentSpawner(parts.spawnerFor(worker, task, [budget, child]), () =>
      run.work(task, worker, run.earlierOutputs(), undefined, signal),
    );
    delegated.set(request.id, work);
    try {
      const answer = await work;
      child.recordTokens(answer.usage.totalTokens);
      return { ok: true, requestId: request.id, payload: answer };
    } finally {
      delegated.delete(request.id);
    }
  });
}

async function runAutonomousTask(parts: AutonomousRun, task: TaskDefinition): Promise<string | undefined> {
  const { run, manager, workers, budget } = parts;
  const startedAt = performance.now();
  let usage: TokenUsage = zeroUsage;
  let worker: AgentDefinition | undefined;
  try {
    // A helper may have spent tokens or time; the tool-call count is checked as it is recorded.
    if (budget.isExhausted && budget.exhaustedDimension() !== 'toolCalls') budget.throwIfExhausted();
    budget.assertWallTime();
    budget.recordToolCall();
    const assignment =
      workers.length === 1
        ? { worker: workers[0] as AgentDefinition, usage: zeroUsage }
        : await assignWorker(run, manager, workers, task);
    worker = assignment.worker;
    usage = addUsage(usage, assignment.usage);
    await run.begin(task, worker, 1);
    try {
      const assigned = worker;
      const answer = await withAgentSpawner(parts.spawnerFor(assigned, task, [budget]), () =>
        run.work(task, assigned, run.earlierOutputs()),
      );
      await run.complete(task, worker, answer.output, addUsage(usage, answer.usage), startedAt);
      return undefined;
    } catch (error) {
      const failure = asOrkeonError(error);
      const delegate = workers.find((candidate) => candidate.id !== worker?.id);
      if (run.interrupted || !worker.allowDelegation || delegate === undefined) throw failure;
      const delegated = await delegateTask(parts, { task, from: worker, to: delegate, failure });
      await run.complete(task, delegate, delegated.output, addUsage(usage, delegated.usage), startedAt);
      return undefined;
    }
  } catch (error) {
    const failure = asOrkeonError(error);
    const exhausted = AgentBudgetExhaustedError.isInstance(failure) ? failure.dimension : undefined;
    if (exhausted !== undefined) run.stop(failure);
    await run.fail(task, worker, failure, startedAt);
    return exhausted;
  }
}

/**
 * Hands the task to `to` over the channel under a child budget; throws when the
 * delegate fails too, or is still working at the time-out (its work is then cancelled).
 */
async function delegateTask(
  parts: AutonomousRun,
  delegation: { task: TaskDefinition; from: AgentDefinition; to: AgentDefinition; failure: OrkeonError },
): Promise<{ output: string; usage: TokenUsage }> {
  const { run, budget, channel, delegated, timeoutMilliseconds } = parts;
  const { task, from, to, failure } = delegation;
  budget.recordDelegation();
  const child = budget.createChildBudget();
  run.logger.info({ task: task.id, from: from.id, to: to.id, reason: failure.message }, 'the task is delegated');
  await run.begin(task, to, 2);
  const payload: DelegatePayload = { task, budget: child };
  const request = channel.createRequest(from.id, to.id, 'delegate', payload);
  let response: AgentChannelResponse;
  try {
    response = await channel.request(request, { timeoutMilliseconds });
  } catch (error) {
    if (!AgentChannelTimeoutError.isInstance(error)) throw error;
    // The channel aborted the delegate's signal; its model call ends, and the task fails once it has.
    await delegated.get(request.id)?.catch(() => undefined);
    throw new TaskFailureError(
      'AGENT_CHANNEL_TIMEOUT',
      `${failure.message} Delegated to '${to.id}', which did not finish within ${timeoutMilliseconds} ms; its work was cancelled. Make the task smaller, or give '${from.id}' what it needs to finish it.`,
      { cause: error },
    );
  }
  if (!response.ok) {
    const exhausted = child.exhaustedDimension();
    if (exhausted !== undefined) child.throwIfExhausted();
    throw new TaskFailureError(
      failure.code,
      `${failure.message} Delegated to '${to.id}', which failed too: ${response.error}`,
      { cause: failure },
    );
  }
  const answer = response.payload as { output: string; usage: TokenUsage };
  budget.recordTokens(answer.usage.totalTokens);
  return answer;
}

/** The metadata keys of the autonomous process; `budget_exhausted` names the dimension that stopped the run, else false. */
function recordBudget(
  run: CrewRun,
  budget: AgentExecutionBudget,
  agentCount: number,
  exhausted: string | undefined,
): void {
  const snapshot = budget.toSnapshot();
  const ratio = ({ used, limit }: { used: number; limit: number }) => `${used}/${limit}`;
  run.setMetadata('process_type', 'autonomous');
  run.setMetadata('agent_count', agentCount);
  run.setMetadata('budget_tool_calls', ratio(snapshot.toolCalls));
  run.setMetadata('budget_delegation_depth', ratio(snapshot.delegationDepth));
  run.setMetadata('budget_tokens', ratio(snapshot.tokens));
  run.setMetadata('budget_spawned', ratio(snapshot.spawnedAgents));
  run.setMetadata('budget_exhausted', exhausted ?? false);
}
