import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';

/** Chooses the agent for a task that names none (sequential and parallel processes). */
export interface AgentSelector {
  /** Throws (or rejects) when the strategy cannot work at all (no embedding provider); the run then stops. */
  select(task: TaskDefinition, agents: readonly AgentDefinition[]): AgentDefinition | Promise<AgentDefinition>;
}

/** A selector that chooses at once, without waiting (round-robin), as fallbacks do. */
export interface ImmediateAgentSelector extends AgentSelector {
  select(task: TaskDefinition, agents: readonly AgentDefinition[]): AgentDefinition;
}
