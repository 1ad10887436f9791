import {
  type ChatModel,
  createLogger,
  createMemoryItem,
  type EmbeddingProvider,
  LlmClient,
  type Logger,
  type MemoryLayer,
  type MemoryProvider,
  type MemoryType,
  memoryScopeTag,
} from '@orkeon/core';
import { CognitiveMemoryInputError } from './cognitive-memory-errors.js';
import { CognitiveMemoryLayer } from './cognitive-memory-layer.js';
import {
  type CognitiveMemorySettings,
  type CognitiveMemorySettingsInput,
  cognitiveMemorySettings,
} from './cognitive-memory-settings.js';
import { type CognitiveParts, cognitiveKey, cognitiveSource, embedOne, type ScopedStore } from './cognitive-parts.js';
import {
  type ConsolidationResult,
  type ConsolidationRules,
  consolidateScope,
  defaultConsolidationRules,
} from './consolidate-scope.js';
import { type ContradictionCheck, checkAgainst } from './contradiction-check.js';
import { analyseMemory, type MemoryAnalysis } from './memory-analysis.js';
import { type CognitiveRecallHit, type RecallOptions, recallInScope } from './recall-in-scope.js';
import { candidatesFor, type RememberResult, rememberInScope } from './remember-in-scope.js';

export interface CognitiveMemoryOptions {
  /** Where crews' memories are kept: a store, or a function that opens it on first use (the runtime's `Memory:Provider`). */
  readonly store: MemoryProvider | (() => Promise<MemoryProvider>);
  /** Embeds memories and queries; recall is by vector only. */
  readonly embeddings: EmbeddingProvider;
  /** The model that analyses memories and checks contradictions. */
  readonly model: ChatModel;
  /** `Svc:CognitiveMemory`, as bound settings or as code gives them (defaults for the rest). */
  readonly settings?: CognitiveMemorySettingsInput;
  /** Retries and time limit of each model call (the `Llm` settings' `MaxRetries`, `TimeoutSeconds`); default 10 and 30. */
  readonly modelCalls?: { readonly maxRetries?: number; readonly timeoutSeconds?: number };
  /** Where the warnings go (an unusable model answer, a consolidation that could not read every memory). */
  readonly logger?: Logger;
  /** The time memories are dated and recency is measured with; default the system clock. */
  readonly clock?: () => Date;
  /** When consolidation prunes and merges (see `defaultConsolidationRules`). */
  readonly consolidation?: Partial<ConsolidationRules>;
}

/** What a memory given to `remember` is besides its content. */
export interface RememberOptions {
  /** Default `longTerm`. */
  readonly type?: MemoryType;
  /** Tags besides the crew's scope tag and the analysis's suggestions. */
  readonly tags?: readonly string[];
}

/**
 * The experimental cognitive memory layer (reference brief §8): memories a model analyses
 * and checks against the crew's most similar ones before they are kept, recalled by a
 * composite of meaning, recency and importance, and consolidated. Each crew's memories
 * carry its scope tag (`memoryScopeTag('crew', …)`, the tag of crew memory's `crew`
 * scope), and no operation reads, changes or deletes a memory without it.
 *
 * @experimental SVCEXP005
 */
export class CognitiveMemory {
  /** Core's memory layer over this cognitive memory, for crews with `memory: true` (see `addSvcCognitiveMemory`). */
  readonly layer: MemoryLayer;
  readonly settings: CognitiveMemorySettings;
  readonly #parts: CognitiveParts;
  readonly #openStore: () => Promise<MemoryProvider>;
  readonly #rules: ConsolidationRules;

  constructor(options: CognitiveMemoryOptions) {
    const parsed = cognitiveMemorySettings.schema.safeParse(options.settings ?? {});
    if (!parsed.success)
      throw new CognitiveMemoryInputError(
        `The cognitive memory settings cannot be used: ${parsed.error.issues.map((issue) => `${issue.path.join(':')} ${issue.message}`).join('; ')}.`,
      );
    this.settings = parsed.data;
    const logger = options.logger ?? createLogger();
    const store = options.store;
    this.#openStore = typeof store === 'function' ? store : () => Promise.resolve(store);
    this.#rules = checkedRules({ ...defaultConsolidationRules, ...options.consolidation });
    this.#parts = {
      embeddings: options.embeddings,
      analyst: new LlmClient({
        model: options.model,
        logger,
        settings: { temperature: this.settings.AnalysisTemperature, ...options.modelCalls },
      }),
      settings: this.settings,
      logger,
      now: options.clock ?? (() => new Date()),
    };
    this.layer = new CognitiveMemoryLayer(this.#parts);
  }

  /**
   * Keeps `content` as a memory of the crew: analysed (when `EnableLlmAnalysis`), checked
   * against the crew's `ContradictionCandidateCount` most similar memories (when
   * `EnableContradictionDetection`) and the conflict resolved as the model recommends,
   * then embedded and kept with source `cognitive` (`cognitive-merge` for a Merge) and the
   * custom properties `category`, `summary`, `keyEntities` and `context`.
   */
  async remember(
    crewId: string,
    content: string,
    context?: string,
    options: RememberOptions = {},
  ): Promise<RememberResult> {
    const place = await this.#crew(crewId);
    checkedText(content, 'content', 'the text to remember');
    const item = createMemoryItem(
      {
        content,
        type: options.type ?? 'longTerm',
        metadata: { source: cognitiveSource, tags: [place.scope, ...(options.tags ?? [])] },
      },
      this.#parts.now(),
    );
    return rememberInScope(this.#parts, place, {
      key: cognitiveKey(place.scope, item.id),
      item,
      ...(context === undefined ? {} : { context }),
    });
  }

  /**
   * The crew's memories best for `query`: the `3 × topK` nearest by vector, ranked by
   * 0.5 × semantic + 0.3 × recency (halving every 69 hours) + 0.2 × importance, at least
   * `minScore` (0.1), at most `topK` (10), of `type` and carrying every one of `tags`.
   */
  async recall(crewId: string, query: string, options: RecallOptions = {}): Promise<CognitiveRecallHit[]> {
    const place = await this.#crew(crewId);
    checkedText(query, 'query', 'what to recall');
    return recallInScope(this.#parts, place, query, options);
  }

  /** Prunes the crew's old trivial memories and merges its near-duplicates (see `ConsolidationRules`). */
  async consolidate(crewId: string): Promise<ConsolidationResult> {
    return consolidateScope(this.#parts, await this.#crew(crewId), this.#rules);
  }

  /** A dry run: the model's analysis of `content`; nothing is kept. Throws `COGNITIVE_MEMORY_ANSWER_INVALID` on an unusable answer. */
  analyze(content: string, context?: string): Promise<MemoryAnalysis> {
    checkedText(content, 'content', 'the text to analyse');
    return analyseMemory(this.#parts.analyst, content, context, this.settings.AnalysisTemperature);
  }

  /**
   * Whether `content` contradicts any of the crew's `ContradictionCandidateCount` most
   * similar memories; nothing is kept or deleted. Throws `COGNITIVE_MEMORY_ANSWER_INVALID`
   * on an unusable answer.
   */
  async checkContradictions(crewId: string, content: string): Promise<ContradictionCheck> {
    const place = await this.#crew(crewId);
    checkedText(content, 'content', 'the text to check');
    const vector = await embedOne(this.#parts.embeddings, content);
    const candidates = await candidatesFor(this.#parts, place, undefined, vector);
    return checkAgainst(this.#parts.analyst, content, candidates, this.settings.AnalysisTemperature);
  }

  async #crew(crewId: string): Promise<ScopedStore> {
    checkedText(crewId, 'crewId', 'the crew’s name');
    const scope = memoryScopeTag('crew', { crew: crewId, agent: '', run: '', user: '' });
    return { store: await this.#openStore(), scope };
  }
}

function checkedRules(rules: ConsolidationRules): ConsolidationRules {
  const { mergeSimilarity, pruneBelowImportance, pruneAfterDays, scanLimit } = rules;
  const problems = [
    Number.isFinite(mergeSimilarity) && mergeSimilarity > 0 && mergeSimilarity <= 1
      ? []
      : ['mergeSimilarity (above 0, at most 1)'],
    Number.isFinite(pruneBelowImportance) && pruneBelowImportance >= 0 && pruneBelowImportance <= 1
      ? []
      : ['pruneBelowImportance (0 to 1)'],
    Number.isFinite(pruneAfterDays) && pruneAfterDays >= 0 ? [] : ['pruneAfterDays (0 or more)'],
    Number.isInteger(scanLimit) && scanLimit >= 1 ? [] : ['scanLimit (a whole number, 1 or more)'],
  ].flat();
  if (problems.length > 0)
    throw new CognitiveMemoryInputError(`The consolidation rules cannot be used: give ${problems.join(', ')}.`);
  return rules;
}

function checkedText(value: string, name: string, what: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new CognitiveMemoryInputError(`Cognitive memory was given a blank ${name}: give ${what}.`);
}
