import { AsyncLocalStorage } from 'node:async_hooks';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { TokenUsage } from '../llm/llm-client.js';
import { AgentBudgetExhaustedError } from './agent-budget-exhausted-error.js';
import type { AgentExecutionBudget } from './agent-execution-budget.js';
import { AgentSpawnRefusedError } from './agent-spawn-refused-error.js';

export const spawnAgentToolName = 'spawn_agent';

/** What the spawning agent asks for: a helper with a role and goal, the work, and some of its own tools. */
export interface SpawnRequest {
  readonly role: string;
  readonly goal: string;
  /** The work, in full: the helper sees nothing else. */
  readonly task: string;
  /** Tool names, each one the spawner has; none when left out. */
  readonly tools?: readonly string[] | undefined;
}

/** A helper that joined the run. */
export interface SpawnedAgent {
  readonly id: string;
  readonly role: string;
  readonly spawnedBy: string;
  readonly taskId: string;
  readonly tools: readonly string[];
  /** Why it exists, for the `agent.spawned` event. */
  readonly reason: string;
}

/** Runs a helper's tool loop on its task until `signal` fires; the run's `CrewRun.work`. */
export type HelperWork = (
  helper: AgentDefinition,
  task: TaskDefinition,
  signal: AbortSignal,
) => Promise<{ output: string; usage: TokenUsage }>;

export interface AgentSpawnerParts {
  /** The agent that may spawn here. */
  readonly agent: AgentDefinition;
  /** The task it works on; a helper's tool calls count under it. */
  readonly task: TaskDefinition;
  /** The run's execution budget first, then each child budget down to this agent's own. */
  readonly budgets: readonly AgentExecutionBudget[];
  /** The agents that spawned this one, the first spawner first. */
  readonly lineage?: readonly AgentDefinition[];
  readonly work: HelperWork;
  /** A number for the next helper's id, unique in the run. */
  readonly nextNumber: () => number;
}

const expectedOutput = 'The complete result of the work above, as your final answer.';

/**
 * What `spawn_agent` does for one agent of an autonomous crew: checks the request (no
 * helper with the name of its spawner or one above it; only tools the spawner has),
 * records the spawn on every budget of the lineage (refused, with the budget's
 * `Execution budget exhausted: spawnedAgents`, when one has none left), and runs the
 * helper on the spawner's model under a child budget, whose wall time bounds it. The
 * helper's tokens count against every budget. The helper may spawn in turn only while
 * its child budget has a spawn left.
 */
export class AgentSpawner {
  readonly #parts: AgentSpawnerParts;

  constructor(parts: AgentSpawnerParts) {
    this.#parts = parts;
  }

  /** The agent this spawner belongs to. */
  get agentId(): string {
    return this.#parts.agent.id;
  }

  /** Whether `agentId`, working here, is offered `spawn_agent`: it is this spawner's agent and every budget has a spawn left. */
  offersTo(agentId: string): boolean {
    return agentId === this.#parts.agent.id && this.#parts.budgets.every((budget) => budget.spawnsLeft() > 0);
  }

  /** The tools a helper may be given: the agent's and the task's, without `spawn_agent`. */
  get grantableTools(): string[] {
    const { agent, task } = this.#parts;
    const names: string[] = [];
    for (const name of [...agent.tools, ...task.tools]) {
      const lower = name.toLowerCase();
      if (lower !== spawnAgentToolName && !names.some((known) => known.toLowerCase() === lower)) names.push(name);
    }
    return names;
  }

  /**
   * Spawns a helper for `request` and resolves to its answer. Throws `AgentSpawnRefusedError`
   * or `AgentBudgetExhaustedError` before anything runs, and the helper's own failure after.
   */
  async spawn(
    request: SpawnRequest,
    context: { readonly signal: AbortSignal; readonly onSpawned?: (spawned: SpawnedAgent) => void },
  ): Promise<{ readonly helper: SpawnedAgent; readonly answer: string }> {
    const { agent, task, budgets, work } = this.#parts;
    const role = request.role.trim();
    this.#refuseRecursion(role);
    const tools = this.#grant(request.tools ?? []);
    const own = budgets.at(-1) as AgentExecutionBudget;
    own.assertWallTime();
    for (const budget of [...budgets].reverse()) {
      const { used, limit } = budget.toSnapshot().spawnedAgents;
      if (used >= limit) throw new AgentBudgetExhaustedError('spawnedAgents', used + 1, limit);
    }
    for (const budget of budgets) budget.recordSpawn();
    const child = own.createChildBudget();

    const helper: AgentDefinition = {
      id: `${agent.id}.helper-${this.#parts.nextNumber()}`,
      role,
      goal: request.goal.trim(),
      backstory: `${agent.role} spawned you for one piece of work of the task '${task.id}'.`,
      tools,
      ...(agent.llm === undefined ? {} : { llm: agent.llm }),
      ...(agent.model === undefined ? {} : { model: agent.model }),
      maxIterations: agent.maxIterations,
      allowDelegation: false,
    };
    const helperTask: TaskDefinition = {
      id: task.id,
      description: request.task,
      expectedOutput,
      dependencies: [],
      context: {},
      tools: [],
    };
    const spawned: SpawnedAgent = {
      id: helper.id,
      role,
      spawnedBy: agent.id,
      taskId: task.id,
      tools,
      reason: `spawned by ${agent.role} (${agent.id}) on task '${task.id}'`,
    };
    context.onSpawned?.(spawned);

    const wallTime = AbortSignal.timeout(Math.max(1, child.limits.maxWallTimeMs));
    const nested = new AgentSpawner({
      ...this.#parts,
      agent: helper,
      task: helperTask,
      budgets: [...budgets, child],
      lineage: [...(this.#parts.lineage ?? []), agent],
    });
    let answer: { output: string; usage: TokenUsage };
    try {
      answer = await withAgentSpawner(nested, () =>
        work(helper, helperTask, AbortSignal.any([context.signal, wallTime])),
      );
    } catch (error) {
      if (wallTime.aborted && !context.signal.aborted) child.assertWallTime();
      throw error;
    }
    // The tokens were spent either way: every budget counts them before one may refuse.
    let exhausted: unknown;
    for (const budget of [child, ...budgets]) {
      try {
        budget.recordTokens(answer.usage.totalTokens);
      } catch (error) {
        exhausted ??= error;
      }
    }
    if (exhausted !== undefined) throw exhausted;
    return { helper: spawned, answer: answer.output };
  }

  #refuseRecursion(role: string): void {
    const wanted = role.toLowerCase();
    const above = [...(this.#parts.lineage ?? []), this.#parts.agent];
    const same = above.find((agent) => agent.id.toLowerCase() === wanted || agent.role.toLowerCase() === wanted);
    if (same === undefined) return;
    const who = same === this.#parts.agent ? 'you' : `${same.role} (${same.id}), who spawned you`;
    throw new AgentSpawnRefusedError(
      'AUTONOMOUS_SPAWN_RECURSIVE',
      `an agent cannot spawn itself: '${role}' is ${who}; give the helper a role of its own and do your own part yourself.`,
      { details: { role, agent: this.#parts.agent.id } },
    );
  }

  /** The requested tools under the spawner's spelling; refused when one is not the spawner's. */
  #grant(requested: readonly string[]): string[] {
    const grantable = this.grantableTools;
    const granted: string[] = [];
    for (const name of requested) {
      const match = grantable.find((own) => own.toLowerCase() === name.trim().toLowerCase());
      if (match === undefined) {
        throw new AgentSpawnRefusedError(
          'AUTONOMOUS_SPAWN_TOOL_DENIED',
          `a helper gets only tools you have, and '${name}' is not one of them; choose among: ${grantable.join(', ') || '(none: spawn it without tools)'}.`,
          { details: { tool: name, agent: this.#parts.agent.id } },
        );
      }
      if (!granted.includes(match)) granted.push(match);
    }
    return granted;
  }
}

// Made on first use: a program that never runs an autonomous crew pays nothing for it.
let current: AsyncLocalStorage<AgentSpawner> | undefined;

/**
 * Runs `work` with `spawner` as the one `spawn_agent` uses. The tool is shared by every
 * run of a runtime; the agent that calls it finds its own spawner (budgets, tools,
 * lineage) through this, also when several agents work at once.
 */
export function withAgentSpawner<T>(spawner: AgentSpawner, work: () => Promise<T>): Promise<T> {
  current ??= new AsyncLocalStorage<AgentSpawner>();
  return current.run(spawner, work);
}

/** The spawner of the agent working in this asynchronous context; undefined outside an autonomous crew's work. */
export function activeAgentSpawner(): AgentSpawner | undefined {
  return current?.getStore();
}
