import { performance } from 'node:perf_hooks';
import { AgentBudgetExhaustedError } from '../autonomous/agent-budget-exhausted-error.js';
import { AgentChannel, type AgentChannelResponse } from '../autonomous/agent-channel.js';
import { AgentExecutionBudget } from '../autonomous/agent-execution-budget.js';
import type {
  AgentExecutionBudgetLimits,
  AgentExecutionBudgetPresetName,
} from '../autonomous/agent-execution-budget-limits.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { OrkeonError } from '../errors/orkeon-error.js';
import type { TokenUsage } from '../llm/llm-client.js';
import type { CrewRun } from './crew-run.js';
import { TaskFailureError } from './crew-run-errors.js';
import { asOrkeonError } from './crew-run-failure.js';
import { assignWorker } from './manager-decisions.js';
import { addUsage, zeroUsage } from './token-usage.js';

/** How long a delegate may take before the delegating side gives up. */
export const delegationTimeoutMilliseconds = 120_000;

export interface AutonomousProcessOptions {
  /** The run's execution budget. Default: the Permissive preset. */
  readonly budget?: AgentExecutionBudgetLimits | AgentExecutionBudgetPresetName;
  readonly clock?: () => number;
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

/**
 * Tasks one at a time in run order; the manager (or, without one, a coordinator on
 * the default model) assigns each. Each task handed out counts one tool call against
 * the run's execution budget. When the assigned agent fails and allows delegation,
 * the task goes to the first other agent over the in-process agent channel (intent
 * `delegate`, 2 minutes) under a child budget; the delegate does not delegate again,
 * and its tokens count against the budget. A spent budget stops the run with
 * `Execution budget exhausted: <dimension>`. The result's metadata carries
 * `process_type`, `agent_count` and the `budget_*` keys.
 */
export async function runAutonomousProcess(run: CrewRun, options: AutonomousProcessOptions = {}): Promise<void> {
  const budget = new AgentExecutionBudget(options.budget ?? 'permissive', {
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  const manager = run.crew.manager === undefined ? coordinator : run.agent(run.crew.manager);
  const workers = run.crew.agents.filter((agent) => agent.id !== manager.id);
  const channel = new AgentChannel();
  const registrations = workers.map((worker) =>
    channel.registerHandler(worker.id, async (request) => {
      if (request.intent !== 'delegate') return { ok: true, requestId: request.id };
      const { task, budget: child } = request.payload as DelegatePayload;
      const answer = await run.work(task, worker, run.earlierOutputs());
      child.recordTokens(answer.usage.totalTokens);
      return { ok: true, requestId: request.id, payload: answer };
    }),
  );
  let exhausted: string | undefined;
  try {
    for (const task of run.order) {
      if (await run.settleWithoutRunning(task)) continue;
      exhausted ??= await runAutonomousTask(run, { task, manager, workers, budget, channel });
    }
  } finally {
    for (const registration of registrations) registration[Symbol.dispose]();
    recordBudget(run, budget, workers.length, exhausted);
  }
}

async function runAutonomousTask(
  run: CrewRun,
  parts: {
    task: TaskDefinition;
    manager: AgentDefinition;
    workers: readonly AgentDefinition[];
    budget: AgentExecutionBudget;
    channel: AgentChannel;
  },
): Promise<string | undefined> {
  const { task, manager, workers, budget, channel } = parts;
  const startedAt = performance.now();
  let usage: TokenUsage = zeroUsage;
  let worker: AgentDefinition | undefined;
  try {
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
      const answer = await run.work(task, worker, run.earlierOutputs());
      await run.complete(task, worker, answer.output, addUsage(usage, answer.usage), startedAt);
      return undefined;
    } catch (error) {
      const failure = asOrkeonError(error);
      const delegate = workers.find((candidate) => candidate.id !== worker?.id);
      if (run.interrupted || !worker.allowDelegation || delegate === undefined) throw failure;
      const delegated = await delegateTask(run, { task, from: worker, to: delegate, budget, channel, failure });
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

/** Hands the task to `to` over the channel under a child budget; throws when the delegate fails too. */
async function delegateTask(
  run: CrewRun,
  parts: {
    task: TaskDefinition;
    from: AgentDefinition;
    to: AgentDefinition;
    budget: AgentExecutionBudget;
    channel: AgentChannel;
    failure: OrkeonError;
  },
): Promise<{ output: string; usage: TokenUsage }> {
  const { task, from, to, budget, channel, failure } = parts;
  budget.recordDelegation();
  const child = budget.createChildBudget();
  run.logger.info({ task: task.id, from: from.id, to: to.id, reason: failure.message }, 'the task is delegated');
  await run.begin(task, to, 2);
  const payload: DelegatePayload = { task, budget: child };
  const response: AgentChannelResponse = await channel.request(
    channel.createRequest(from.id, to.id, 'delegate', payload),
    {
      timeoutMilliseconds: delegationTimeoutMilliseconds,
    },
  );
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
