import type { ExecutionBudgetInput, ExecutionBudgetSetting } from '../autonomous/execution-budget-setting.js';
import type { CrewBudget } from '../budget/crew-budget.js';
import type { ConsensusOverrides } from '../consensus/consensus-settings.js';
import type { MemoryScope } from '../crew-memory/memory-scope.js';
import type { CrewLink } from '../event-hub/crew-link.js';
import type { CrewGraph } from '../graph/crew-graph.js';
import type { Guardrail } from '../guardrails/guardrail.js';
import type { KnowledgeCollection, KnowledgeProfile } from '../knowledge/knowledge-base.js';
import type { GraphConfig, GraphConfigInput } from '../process/graph-config.js';
import type { AgentDefinition, AgentInput } from './agent-definition.js';
import type { AgentSelectionStrategy } from './agent-selection-strategy.js';
import type { CrewLlmSettings } from './llm-settings.js';
import type { ProcessType } from './process-type.js';
import type { TaskDefinition, TaskInput } from './task-definition.js';

/** A crew's knowledge bases (`rag:`): its collections by name, ingested when a run starts. */
export interface CrewRag {
  readonly collections: Readonly<Record<string, Omit<KnowledgeCollection, 'name'>>>;
  readonly defaults?: {
    /** The profile of knowledge attachments that name none. */
    readonly profile?: KnowledgeProfile;
  };
}

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
  /** Crew memory: recall before each task, each result remembered (see docs/memory.md). */
  readonly memory: boolean;
  /** The memory store type; default `Memory:Provider`. */
  readonly memoryProvider?: string;
  /** Whose memories the crew shares; default `crew`. */
  readonly memoryScope: MemoryScope;
  /** Knowledge bases: collections ingested when a run starts (see docs/rag.md). */
  readonly rag?: CrewRag;
  /** The crew's links on the event hub (`links:`); absent when it declares none (see docs/event-hub.md). */
  readonly links?: readonly CrewLink[];
  /** Most tasks running at once (parallel); default 4. */
  readonly maxConcurrency?: number;
  readonly agentSelection: AgentSelectionStrategy;
  /** Limits shared by every agent of one run (see docs/budgets.md). */
  readonly budget?: CrewBudget;
  /** The autonomous process's execution budget (a preset, or limits over one); only with `process: 'autonomous'`. */
  readonly executionBudget?: ExecutionBudgetSetting;
  /** A planner writes a step per task before the run. */
  readonly planning?: boolean;
  /** Voting options of the consensual process, over the `Svc:Consensus:Voting` settings. */
  readonly consensus?: ConsensusOverrides;
  /** Retries and circuit breaker of the graph process. */
  readonly graphConfig?: GraphConfig;
  /** The crew's own graph for the graph process (TypeScript only); without it the graph runs the tasks in order. */
  readonly graph?: CrewGraph;
  /** Names of the guardrails on every agent of the crew (by-value ones are in `ownGuardrails` too). */
  readonly guardrails?: readonly string[];
  readonly ownGuardrails?: readonly Guardrail[];
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
  readonly memoryProvider?: string;
  readonly memoryScope?: MemoryScope;
  readonly rag?: Partial<CrewRag>;
  /** Links on the event hub; `direction` defaults to outbound, `allowedTopics` to every topic. */
  readonly links?: readonly {
    readonly to?: string;
    readonly direction?: string;
    readonly allowedTopics?: readonly string[];
  }[];
  readonly maxConcurrency?: number;
  readonly agentSelection?: AgentSelectionStrategy;
  readonly consensus?: ConsensusOverrides;
  readonly graphConfig?: GraphConfigInput;
  /** Nodes are tasks (`taskNode`), agents (`agentNode`) or functions; see `crewGraph()`. */
  readonly graph?: CrewGraph;
  /** Limits shared by every agent of one run; `wallTime` in seconds or as text (`'5m'`). */
  readonly budget?: {
    readonly tokens?: number;
    readonly costUsd?: number;
    readonly wallTime?: number | string;
    readonly toolCalls?: number;
  };
  /**
   * The autonomous process's execution budget: `'strict'`, `'default'` or `'permissive'` (the
   * default), or limits over a preset (`{ preset: 'strict', spawnedAgents: 0 }`; `wallTime` in
   * seconds or as text). Refused on a crew whose process is not autonomous.
   */
  readonly executionBudget?: ExecutionBudgetInput;
  readonly planning?: boolean;
  /** Guardrails on every agent of the crew, by value (`defineGuardrail`) or by registered name. */
  readonly guardrails?: readonly (string | Guardrail)[];
}
