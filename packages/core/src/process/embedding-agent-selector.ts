import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { AgentSelector } from './agent-selector-port.js';

/** The Embedding agent selection was used, and no embedding provider exists. */
export class EmbeddingProviderMissingError extends OrkeonError<CoreErrorCode> {
  constructor() {
    super(
      'EMBEDDING_PROVIDER_MISSING',
      'agentSelection Embedding needs an embedding provider, and none is available (Orkeon has no embedding provider yet). Use agentSelection FirstFit or Skill, or name each task’s agent.',
    );
  }
}

/**
 * Semantic matching of tasks to agents. No embedding provider exists yet, so it fails
 * at its first use (the first task that names no agent); crews whose tasks all name
 * their agent never use it.
 */
export class EmbeddingAgentSelector implements AgentSelector {
  select(): never {
    throw new EmbeddingProviderMissingError();
  }
}
