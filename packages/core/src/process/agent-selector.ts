import type { AgentSelectionStrategy } from '../crew/agent-selection-strategy.js';
import type { AgentSelector } from './agent-selector-port.js';
import { EmbeddingAgentSelector } from './embedding-agent-selector.js';
import { FirstFitAgentSelector } from './first-fit-agent-selector.js';
import { SkillAgentSelector } from './skill-agent-selector.js';

export type { AgentSelector } from './agent-selector-port.js';

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
