import type { ExecutionBudgetInput } from '../autonomous/execution-budget-setting.js';
import type { MemoryScope } from '../crew-memory/memory-scope.js';
import type { Guardrail } from '../guardrails/guardrail.js';
import { AgentBuilder } from './agent-builder.js';
import type { AgentDefinition, AgentInput } from './agent-definition.js';
import type { AgentSelectionStrategy } from './agent-selection-strategy.js';
import type { CrewDefinition, CrewInput } from './crew-definition.js';
import { defineCrew } from './define-crew.js';
import type { CrewLlmSettings } from './llm-settings.js';
import type { ProcessType } from './process-type.js';
import { TaskBuilder } from './task-builder.js';
import type { TaskDefinition, TaskInput } from './task-definition.js';
import type { CrewValidationOptions } from './validate-crew.js';

type AgentLike = AgentInput | AgentDefinition | AgentBuilder;
type TaskLike = TaskInput | TaskDefinition | TaskBuilder;
/** The crew keys set as they are given, each by its own method. */
type PlainKeys =
  | 'budget'
  | 'planning'
  | 'consensus'
  | 'graphConfig'
  | 'graph'
  | 'memoryScope'
  | 'memoryProvider'
  | 'rag'
  | 'links';

/** Builds a crew step by step; `build()` validates the whole crew like `defineCrew`. */
export class CrewBuilder {
  #name: string | undefined;
  #goal: string | undefined;
  #process: ProcessType | undefined;
  readonly #agents: AgentLike[] = [];
  readonly #tasks: TaskLike[] = [];
  #manager: string | undefined;
  readonly #mounts: string[] = [];
  #llm: CrewLlmSettings | undefined;
  #memory: boolean | undefined;
  #maxConcurrency: number | undefined;
  #agentSelection: AgentSelectionStrategy | undefined;
  readonly #plain: { -readonly [Key in PlainKeys]?: CrewInput[Key] } = {};
  #executionBudget: ExecutionBudgetInput | undefined;
  readonly #guardrails: (string | Guardrail)[] = [];

  name(name: string): this {
    this.#name = name;
    return this;
  }

  goal(goal: string): this {
    this.#goal = goal;
    return this;
  }

  process(process: ProcessType): this {
    this.#process = process;
    return this;
  }

  /** Adds an agent (a definition, a plain object, or a builder, built when the crew is). */
  withAgent(agent: AgentLike): this {
    this.#agents.push(agent);
    return this;
  }

  withAgents(agents: readonly AgentLike[]): this {
    this.#agents.push(...agents);
    return this;
  }

  /** Adds a task (a definition, a plain object, or a builder, built when the crew is). */
  withTask(task: TaskLike): this {
    this.#tasks.push(task);
    return this;
  }

  withTasks(tasks: readonly TaskLike[]): this {
    this.#tasks.push(...tasks);
    return this;
  }

  /** The manager (hierarchical), by id or as an agent; an agent not added yet is added. */
  manager(agent: string | AgentInput | AgentDefinition): this {
    if (typeof agent === 'string') {
      this.#manager = agent;
      return this;
    }
    this.#manager = agent.id;
    if (!this.#agents.some((known) => !(known instanceof AgentBuilder) && known.id === agent.id)) {
      this.#agents.push(agent);
    }
    return this;
  }

  /** Adds virtual roots the crew needs, e.g. `/output`. */
  mounts(roots: readonly string[]): this {
    this.#mounts.push(...roots);
    return this;
  }

  llm(settings: CrewLlmSettings): this {
    this.#llm = settings;
    return this;
  }

  /** Crew memory: recall before each task, each result remembered (see docs/memory.md). */
  memory(enabled = true): this {
    this.#memory = enabled;
    return this;
  }

  /** Whose memories the crew shares: `crew` (default), `agent`, `run` or `user`. */
  memoryScope(scope: MemoryScope): this {
    this.#plain.memoryScope = scope;
    return this;
  }

  /** Knowledge bases ingested when a run starts: `{ collections: { <name>: { sources, chunking? } }, defaults? }` (docs/rag.md). */
  rag(rag: NonNullable<CrewInput['rag']>): this {
    this.#plain.rag = rag;
    return this;
  }

  /** Whom the crew may message on the event hub: `[{ to, direction?, allowedTopics? }]` (docs/event-hub.md). */
  links(links: NonNullable<CrewInput['links']>): this {
    this.#plain.links = links;
    return this;
  }

  /** The memory store type of this crew; default `Memory:Provider`. */
  memoryProvider(type: string): this {
    this.#plain.memoryProvider = type;
    return this;
  }

  maxConcurrency(count: number): this {
    this.#maxConcurrency = count;
    return this;
  }

  agentSelection(strategy: AgentSelectionStrategy): this {
    this.#agentSelection = strategy;
    return this;
  }

  /** Limits shared by every agent of one run; `wallTime` in seconds or as text (`'5m'`). See docs/budgets.md. */
  budget(limits: NonNullable<CrewInput['budget']>): this {
    this.#plain.budget = limits;
    return this;
  }

  /** A planner writes a step per task before the run. */
  planning(enabled = true): this {
    this.#plain.planning = enabled;
    return this;
  }

  /** Voting options of the consensual process, over the `Svc:Consensus:Voting` settings (each call replaces). */
  consensus(overrides: NonNullable<CrewInput['consensus']>): this {
    this.#plain.consensus = overrides;
    return this;
  }

  /** Retries and circuit breaker of the graph process (each call replaces). */
  graphConfig(config: NonNullable<CrewInput['graphConfig']>): this {
    this.#plain.graphConfig = config;
    return this;
  }

  /** The crew's own graph, made with `crewGraph()`; it runs under `process('graph')` only. */
  graph(graph: NonNullable<CrewInput['graph']>): this {
    this.#plain.graph = graph;
    return this;
  }

  /** The autonomous process's execution budget: a preset name, or limits over one (autonomous crews only). */
  executionBudget(budget: ExecutionBudgetInput): this {
    this.#executionBudget = budget;
    return this;
  }

  /** Adds guardrails on every agent of the crew, by value (`defineGuardrail`) or by registered name. */
  guardrails(...guardrails: readonly (string | Guardrail)[]): this {
    this.#guardrails.push(...guardrails);
    return this;
  }

  /** The crew; throws `CrewValidationError` listing every problem (pass `toolNames` to check tools). */
  build(options: CrewValidationOptions = {}): CrewDefinition {
    return defineCrew(
      {
        name: this.#name as string,
        ...(this.#goal === undefined ? {} : { goal: this.#goal }),
        ...(this.#process === undefined ? {} : { process: this.#process }),
        agents: this.#agents.map((agent) => (agent instanceof AgentBuilder ? agent.build() : agent)),
        tasks: this.#tasks.map((task) => (task instanceof TaskBuilder ? task.build() : task)),
        ...(this.#manager === undefined ? {} : { manager: this.#manager }),
        mounts: this.#mounts,
        ...(this.#llm === undefined ? {} : { llm: this.#llm }),
        ...(this.#memory === undefined ? {} : { memory: this.#memory }),
        ...(this.#maxConcurrency === undefined ? {} : { maxConcurrency: this.#maxConcurrency }),
        ...(this.#agentSelection === undefined ? {} : { agentSelection: this.#agentSelection }),
        ...this.#plain,
        ...(this.#executionBudget === undefined ? {} : { executionBudget: this.#executionBudget }),
        ...(this.#guardrails.length === 0 ? {} : { guardrails: this.#guardrails }),
      },
      options,
    );
  }
}

export function crewBuilder(): CrewBuilder {
  return new CrewBuilder();
}
