import type { AgentDefinition, AgentInput } from './agent-definition.js';
import type { AgentSelectionStrategy } from './agent-selection-strategy.js';
import type { CrewLlmSettings } from './llm-settings.js';
import type { ProcessType } from './process-type.js';
import type { TaskDefinition, TaskInput } from './task-definition.js';

/** A validated crew: agents and tasks in declared order, every default filled in. */
export interface CrewDefinition {
  readonly name: string;
  readonly goal?: string;
  readonly process: ProcessType;
  readonly agents: readonly AgentDefinition[];
  readonly tasks: readonly TaskDefinition[];
  /** The manager's agent id (hierarchical). */
  readonly manager?: string;
  /** Virtual roots the crew needs, e.g. `/output`; recorded for the host to check. */
  readonly mounts: readonly string[];
  /** Crew-wide model settings, under each agent's own. */
  readonly llm?: CrewLlmSettings;
  /** Recorded; crew memory is not implemented yet. */
  readonly memory: boolean;
  /** Most tasks running at once (parallel); default 4. */
  readonly maxConcurrency?: number;
  readonly agentSelection: AgentSelectionStrategy;
}

/** A crew as written by hand (`defineCrew`): the fields with defaults may be left out. */
export interface CrewInput {
  readonly name: string;
  readonly goal?: string;
  readonly process?: ProcessType;
  readonly agents: readonly (AgentInput | AgentDefinition)[];
  readonly tasks: readonly (TaskInput | TaskDefinition)[];
  readonly manager?: string;
  readonly mounts?: readonly string[];
  readonly llm?: CrewLlmSettings;
  readonly memory?: boolean;
  readonly maxConcurrency?: number;
  readonly agentSelection?: AgentSelectionStrategy;
}
