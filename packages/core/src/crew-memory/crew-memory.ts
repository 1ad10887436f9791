import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { Logger } from '../logging/logger.js';
import type { ScoredMemoryItem } from '../memory/memory-item.js';
import { createMemoryItem } from '../memory/memory-items.js';
import type { MemoryProvider } from '../memory/memory-provider.js';
import type { CrewMemorySettings } from './crew-memory-settings.js';
import type { MemoryLayer } from './memory-layer.js';
import { type MemoryScope, type MemoryScopeIds, memoryScopeTag } from './memory-scope.js';

/** A memory shown to an agent before its task. */
export interface RecalledMemory {
  readonly content: string;
  readonly score: number;
}

export interface CrewMemoryOptions {
  readonly store: MemoryProvider;
  /** Vector recall when given; word recall otherwise (and when it cannot embed). */
  readonly embeddings?: EmbeddingProvider | undefined;
  readonly settings: CrewMemorySettings;
  readonly scope: MemoryScope;
  /** The crew, run and user; the agent is the one working on each task. */
  readonly ids: Omit<MemoryScopeIds, 'agent'>;
  readonly logger: Logger;
  readonly clock?: () => Date;
  /** Keeps and recalls in place of crew memory's own rules (cognitive memory). */
  readonly layer?: MemoryLayer | undefined;
}

/** Word recall reads this many candidates per memory shown, then keeps the scope's own. */
const wordRecallOverFetch = 20;

/**
 * A crew's memory over one store: before a task, the memories of its scope nearest the
 * task; after it, the task and its result as a new episodic memory. A memory that
 * cannot be read or kept costs a warning, never the task.
 */
export class CrewMemory {
  readonly #options: CrewMemoryOptions;
  #embeddings: EmbeddingProvider | undefined;
  #warnedWordRecall = false;

  constructor(options: CrewMemoryOptions) {
    this.#options = options;
    this.#embeddings = options.embeddings;
  }

  /** The memories of the scope nearest `task`, best first, within `RecallLimit` and `MaxChars`. */
  async recall(task: TaskDefinition, agent: AgentDefinition): Promise<RecalledMemory[]> {
    const { RecallLimit, MinScore, MaxChars } = this.#options.settings;
    if (RecallLimit === 0) return [];
    const tag = this.#tag(agent);
    const query = recallQuery(task);
    try {
      const layer = this.#options.layer;
      if (layer !== undefined) {
        const found = await layer.recall({
          store: this.#options.store,
          scope: tag,
          query,
          limit: RecallLimit,
          minScore: MinScore,
        });
        return withinCharacters(found.slice(0, RecallLimit), MaxChars);
      }
      const vector = await this.#embed(query);
      const found =
        vector === undefined
          ? await this.#wordRecall(query, tag)
          : await this.#options.store.searchSimilar(vector, {
              topK: RecallLimit,
              minScore: MinScore,
              filter: { tags: [tag] },
            });
      return withinCharacters(found.slice(0, RecallLimit), MaxChars);
    } catch (error) {
      this.#options.logger.warn(
        { err: error, task: task.id },
        'crew memory could not be read; the task runs without it',
      );
      return [];
    }
  }

  /** Keeps `task` and its `output` as a memory of the scope. */
  async remember(task: TaskDefinition, agent: AgentDefinition, output: string): Promise<void> {
    if (output.trim() === '') return;
    const { ids, clock } = this.#options;
    const tag = this.#tag(agent);
    const now = (clock ?? (() => new Date()))();
    const content = `Task: ${task.description}\nResult: ${output}`;
    try {
      const item = createMemoryItem(
        {
          content,
          type: 'episodic',
          metadata: {
            source: `crew:${ids.crew}`,
            createdBy: agent.id,
            tags: [tag, `task:${task.id}`],
            customProperties: { crew: ids.crew, run: ids.run, task: task.id, agent: agent.id },
          },
        },
        now,
      );
      // One memory per task per run: a run that is resumed replaces, never duplicates.
      const key = `${tag}/run/${ids.run.length}:${ids.run}/task/${task.id}`;
      const layer = this.#options.layer;
      if (layer !== undefined) {
        await layer.remember({ store: this.#options.store, scope: tag, key, item, context: task.description });
        return;
      }
      const vector = await this.#embed(content);
      if (vector === undefined) await this.#options.store.store(key, item);
      else await this.#options.store.storeWithEmbedding(key, item, vector);
    } catch (error) {
      this.#options.logger.warn({ err: error, task: task.id }, 'crew memory could not keep the task’s result');
    }
  }

  #tag(agent: AgentDefinition): string {
    return memoryScopeTag(this.#options.scope, { ...this.#options.ids, agent: agent.id });
  }

  /** The text's vector, or undefined when no embedding provider can give one (word recall then). */
  async #embed(text: string): Promise<number[] | undefined> {
    const embeddings = this.#embeddings;
    if (embeddings === undefined) return undefined;
    try {
      const [vector] = await embeddings.embed([text]);
      return vector;
    } catch (error) {
      if (!(OrkeonError.isInstance(error) && error.code === 'EMBEDDING_PROVIDER_UNAVAILABLE')) throw error;
      this.#embeddings = undefined;
      return undefined;
    }
  }

  async #wordRecall(query: string, tag: string): Promise<ScoredMemoryItem[]> {
    if (!this.#warnedWordRecall) {
      this.#warnedWordRecall = true;
      this.#options.logger.warn(
        'crew memory recalls by words: no embedding provider exists (addSvcLocalEmbeddings from @orkeon/embeddings-local gives one that works offline)',
      );
    }
    const limit = this.#options.settings.RecallLimit;
    const found = await this.#options.store.search(query, limit * wordRecallOverFetch);
    return found.filter((hit) => hit.item.metadata.tags.includes(tag));
  }
}

/** What a task is looked up by: what it asks for. */
function recallQuery(task: TaskDefinition): string {
  return `${task.description}\n${task.expectedOutput}`;
}

/** The memories in order while their contents fit in `maxChars`; the first is cut to fit when alone too long. */
function withinCharacters(found: readonly ScoredMemoryItem[], maxChars: number): RecalledMemory[] {
  const kept: RecalledMemory[] = [];
  let used = 0;
  for (const hit of found) {
    const content = hit.item.content;
    if (used + content.length > maxChars) {
      if (kept.length === 0) kept.push({ content: `${content.slice(0, maxChars - 1)}…`, score: hit.score });
      break;
    }
    kept.push({ content, score: hit.score });
    used += content.length;
  }
  return kept;
}
