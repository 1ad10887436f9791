import type { AgentDefinition } from '../crew/agent-definition.js';
import type { AgentSelectionStrategy } from '../crew/agent-selection-strategy.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import { EmbeddingAgentSelector } from './embedding-agent-selector.js';
import { FirstFitAgentSelector } from './first-fit-agent-selector.js';
import { SkillAgentSelector } from './skill-agent-selector.js';

/** Chooses the agent for a task that names none (sequential and parallel processes). */
export interface AgentSelector {
  /** Throws when the strategy cannot work at all (no embedding provider); the run then stops. */
  select(task: TaskDefinition, agents: readonly AgentDefinition[]): AgentDefinition;
}

/** One selector per run, so that FirstFit's turn order spans the whole run. */
export function createAgentSelector(strategy: AgentSelectionStrategy): AgentSelector {
  switch (strategy) {
    case 'FirstFit':
      return new FirstFitAgentSelector();
    case 'Skill':
      return new SkillAgentSelector(new FirstFitAgentSelector());
    case 'Embedding':
      return new EmbeddingAgentSelector();
  }
}
