import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { Logger } from '../logging/logger.js';
import { cosineSimilarity } from '../memory/cosine-similarity.js';
import type { AgentSelector, ImmediateAgentSelector } from './agent-selector-port.js';

/** The Embedding agent selection was used, and no embedding provider exists. */
export class EmbeddingProviderMissingError extends OrkeonError<CoreErrorCode> {
  constructor(options: { cause?: unknown } = {}) {
    super(
      'EMBEDDING_PROVIDER_MISSING',
      'agentSelection Embedding needs an embedding provider, and none is available. Register one (addSvcLocalEmbeddings(services) from @orkeon/embeddings-local works offline; or Llm:EmbeddingModel with addSvcLlm), use agentSelection FirstFit or Skill, or name each task’s agent.',
      options,
    );
  }
}

export interface EmbeddingAgentSelectorOptions {
  /** Chooses when the provider fails on a call (a network error, say): round-robin. */
  readonly fallback: ImmediateAgentSelector;
  /** Told when the fallback chooses. */
  readonly logger?: Logger;
}

/**
 * Semantic matching of tasks to agents: the agent whose profile (role, goal and
 * backstory) is nearest the task (description and expected output) by cosine
 * similarity of their vectors; ties go to the earlier agent. Without a provider it
 * fails at its first use (`EMBEDDING_PROVIDER_MISSING`, also when the runtime's
 * provider is the stand-in that cannot embed); crews whose tasks all name their
 * agent never use it. A provider that fails on a call leaves the choice to the
 * fallback, with a warning. Profiles are embedded once per selector (one per run).
 */
export class EmbeddingAgentSelector implements AgentSelector {
  readonly #embeddings: EmbeddingProvider | undefined;
  readonly #options: EmbeddingAgentSelectorOptions;
  readonly #profiles = new Map<string, number[]>();

  constructor(embeddings: EmbeddingProvider | undefined, options: EmbeddingAgentSelectorOptions) {
    this.#embeddings = embeddings;
    this.#options = options;
  }

  async select(task: TaskDefinition, agents: readonly AgentDefinition[]): Promise<AgentDefinition> {
    const embeddings = this.#embeddings;
    if (embeddings === undefined) throw new EmbeddingProviderMissingError();
    const unknown = [...new Set(agents.map(profileOf).filter((profile) => !this.#profiles.has(profile)))];
    let vectors: number[][];
    try {
      vectors = await embeddings.embed([taskTextOf(task), ...unknown]);
    } catch (error) {
      if (OrkeonError.isInstance(error) && error.code === 'EMBEDDING_PROVIDER_UNAVAILABLE')
        throw new EmbeddingProviderMissingError({ cause: error });
      const fallback = this.#options.fallback.select(task, agents);
      this.#options.logger?.warn(
        { err: error, task: task.id, agent: fallback.id, model: embeddings.model },
        'agentSelection Embedding could not embed; the task goes to the next agent in turn',
      );
      return fallback;
    }
    unknown.forEach((profile, index) => {
      this.#profiles.set(profile, vectors[index + 1] ?? []);
    });
    const taskVector = vectors[0] ?? [];
    let best = agents[0] as AgentDefinition;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const agent of agents) {
      const score = cosineSimilarity(taskVector, this.#profiles.get(profileOf(agent)) ?? []);
      if (score > bestScore) {
        best = agent;
        bestScore = score;
      }
    }
    return best;
  }
}

/** What an agent is good at, in its own words. */
function profileOf(agent: AgentDefinition): string {
  return [agent.role, agent.goal, agent.backstory].filter((part) => part !== undefined && part !== '').join('\n');
}

/** What a task asks for. */
function taskTextOf(task: TaskDefinition): string {
  return `${task.description}\n${task.expectedOutput}`;
}
