import type { AgentSelectionStrategy } from '../crew/agent-selection-strategy.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import type { Logger } from '../logging/logger.js';
import type { AgentSelector } from './agent-selector-port.js';
import { EmbeddingAgentSelector } from './embedding-agent-selector.js';
import { FirstFitAgentSelector } from './first-fit-agent-selector.js';
import { SkillAgentSelector } from './skill-agent-selector.js';

export type { AgentSelector } from './agent-selector-port.js';

/** What some strategies need: `Embedding` its provider (the runtime's `EmbeddingProviderService`). */
export interface AgentSelectorParts {
  readonly embeddings?: EmbeddingProvider | undefined;
  readonly logger?: Logger;
}

/** One selector per run, so that FirstFit's turn order spans the whole run. */
export function createAgentSelector(strategy: AgentSelectionStrategy, parts: AgentSelectorParts = {}): AgentSelector {
  switch (strategy) {
    case 'FirstFit':
      return new FirstFitAgentSelector();
    case 'Skill':
      return new SkillAgentSelector(new FirstFitAgentSelector());
    case 'Embedding':
      return new EmbeddingAgentSelector(parts.embeddings, {
        fallback: new FirstFitAgentSelector(),
        ...(parts.logger === undefined ? {} : { logger: parts.logger }),
      });
  }
}
