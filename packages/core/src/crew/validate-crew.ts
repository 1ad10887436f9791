import type { z } from 'zod';
import { toCrewBudget } from '../budget/crew-budget.js';
import { type CrewLink, crewLinkDirections } from '../event-hub/crew-link.js';
import { CrewGraph } from '../graph/crew-graph.js';
import type { Guardrail } from '../guardrails/guardrail.js';
import type { KnowledgeAttachment, KnowledgeCollection } from '../knowledge/knowledge-base.js';
import type { OutputValidation } from '../output-validation/output-validation.js';
import { type AgentCodeFields, splitAgentCodeFields, splitGuardrails } from './agent-code-fields.js';
import type { AgentDefinition } from './agent-definition.js';
import type { CrewDefinition, CrewRag } from './crew-definition.js';
import type { CrewProblem } from './crew-problem.js';
import { type CrewRuleOptions, crewRuleProblems } from './crew-rules.js';
import { agentSchema, crewSchema, taskSchema } from './crew-schema.js';
import type { CrewLlmSettings } from './llm-settings.js';
import type { TaskDefinition } from './task-definition.js';
import { problemsFromZod } from './zod-problems.js';

export type CrewValidationOptions = CrewRuleOptions;

/** The crew with its defaults filled in when there is no problem; otherwise every problem found. */
export type CrewValidation =
  | { readonly crew: CrewDefinition; readonly problems: readonly [] }
  | { readonly crew?: undefined; readonly problems: readonly CrewProblem[] };

/**
 * The one validation every entry point runs (builders, `defineCrew`, the YAML loader,
 * `runCrew`): the shape and types first, then the rules across the crew (unknown
 * agents and dependencies, cycles, the manager, tools, mounts).
 */
export function validateCrew(input: unknown, options: CrewValidationOptions = {}): CrewValidation {
  const { plain: withGraph, agentCode, ownGuardrails } = splitCrewCodeFields(input);
  const { plain, graph, graphProblems } = splitCrewGraph(withGraph);
  const parsed = crewSchema.safeParse(plain, { reportInput: true });
  if (!parsed.success) return { problems: problemsFromZod(parsed.error, { schema: crewSchema, input: plain }) };
  if (graphProblems.length > 0) return { problems: graphProblems };
  const crew = {
    ...toCrewDefinition(parsed.data, agentCode, ownGuardrails),
    ...(graph === undefined ? {} : { graph }),
  };
  const ownTools = crew.agents.flatMap((agent) => agent.ownTools ?? []).map((tool) => tool.name);
  const problems = crewRuleProblems(
    crew,
    options.toolNames === undefined ? options : { ...options, toolNames: [...options.toolNames, ...ownTools] },
  );
  return problems.length === 0 ? { crew, problems: [] } : { problems };
}

/** One agent on its own (for `agentBuilder`); its problems are keyed `agents.<id>.…`. */
export function validateAgent(input: unknown): { agent?: AgentDefinition; problems: readonly CrewProblem[] } {
  const { plain, code } = splitAgentCodeFields(input);
  const parsed = agentSchema.safeParse(plain, { reportInput: true });
  if (parsed.success) return { agent: toAgentDefinition(parsed.data, code), problems: [] };
  return {
    problems: problemsFromZod(parsed.error, {
      schema: agentSchema,
      input: plain,
      prefix: entityPrefix('agents', input),
    }),
  };
}

/** The crew as the schema judges it, each agent's code-only fields by position, and the crew's own guardrails. */
function splitCrewCodeFields(input: unknown): {
  plain: unknown;
  agentCode: readonly AgentCodeFields[];
  ownGuardrails: readonly Guardrail[];
} {
  const agents = (input as { agents?: unknown } | null)?.agents;
  if (typeof input !== 'object' || input === null || !Array.isArray(agents))
    return { plain: input, agentCode: [], ownGuardrails: [] };
  const split = agents.map(splitAgentCodeFields);
  const { guardrails, ownGuardrails: carried, ...rest } = input as Record<string, unknown>;
  const crewGuardrails = splitGuardrails(guardrails, carried);
  return {
    plain: {
      ...rest,
      ...(guardrails === undefined ? {} : { guardrails: crewGuardrails.names }),
      agents: split.map((agent) => agent.plain),
    },
    agentCode: split.map((agent) => agent.code),
    ownGuardrails: crewGuardrails.own,
  };
}

/** A crew's own graph (code only) taken out before the schema judges the rest; it runs only under `process: graph`. */
function splitCrewGraph(input: unknown): { plain: unknown; graph?: CrewGraph; graphProblems: CrewProblem[] } {
  if (typeof input !== 'object' || input === null || !('graph' in input)) return { plain: input, graphProblems: [] };
  const { graph, ...plain } = input as { graph?: unknown; process?: unknown };
  if (graph === undefined) return { plain, graphProblems: [] };
  if (!CrewGraph.isCrewGraph(graph)) {
    const message = 'graph must be made with crewGraph() (nodes: taskNode, agentNode or functions).';
    return { plain, graphProblems: [{ code: 'bad-type', path: ['graph'], message }] };
  }
  if (plain.process !== 'graph') {
    const message = `a graph runs only under process: graph, not ${String(plain.process ?? 'sequential')}; set process: 'graph' or leave graph out.`;
    return { plain, graphProblems: [{ code: 'bad-value', path: ['graph'], message }] };
  }
  return { plain, graph, graphProblems: [] };
}

/** One task on its own (for `taskBuilder`); its problems are keyed `tasks.<id>.…`. */
export function validateTask(input: unknown): { task?: TaskDefinition; problems: readonly CrewProblem[] } {
  const parsed = taskSchema.safeParse(input, { reportInput: true });
  if (parsed.success) return { task: toTaskDefinition(parsed.data), problems: [] };
  return {
    problems: problemsFromZod(parsed.error, { schema: taskSchema, input, prefix: entityPrefix('tasks', input) }),
  };
}

function entityPrefix(list: 'agents' | 'tasks', input: unknown): string[] {
  const id = (input as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id !== '' ? [list, id] : [list];
}

function toCrewDefinition(
  data: z.output<typeof crewSchema>,
  agentCode: readonly AgentCodeFields[],
  ownGuardrails: readonly Guardrail[] = [],
): CrewDefinition {
  return {
    name: data.name,
    ...(data.goal === undefined ? {} : { goal: data.goal }),
    process: data.process,
    agents: data.agents.map((agent, index) => toAgentDefinition(agent, agentCode[index] ?? {})),
    tasks: data.tasks.map(toTaskDefinition),
    ...(data.manager === undefined ? {} : { manager: data.manager }),
    mounts: data.mounts,
    ...(data.llm === undefined ? {} : { llm: toLlmSettings(data.llm) }),
    memory: data.memory,
    ...(data.memoryProvider === undefined ? {} : { memoryProvider: data.memoryProvider }),
    memoryScope: data.memoryScope,
    ...(data.rag === undefined ? {} : { rag: toCrewRag(data.rag) }),
    ...linksOf(data.links),
    ...(data.maxConcurrency === undefined ? {} : { maxConcurrency: data.maxConcurrency }),
    agentSelection: data.agentSelection,
    ...(data.consensus === undefined ? {} : { consensus: data.consensus }),
    ...(data.graphConfig === undefined ? {} : { graphConfig: data.graphConfig }),
    ...(data.budget === undefined ? {} : { budget: toCrewBudget(data.budget) }),
    ...(data.executionBudget === undefined ? {} : { executionBudget: withoutUnset(data.executionBudget) }),
    ...(data.planning ? { planning: true } : {}),
    ...(data.guardrails === undefined || data.guardrails.length === 0 ? {} : { guardrails: data.guardrails }),
    ...(ownGuardrails.length === 0 ? {} : { ownGuardrails }),
  };
}

function toAgentDefinition(data: z.output<typeof agentSchema>, code: AgentCodeFields): AgentDefinition {
  return {
    ...code,
    id: data.id,
    role: data.role,
    goal: data.goal,
    ...(data.backstory === undefined ? {} : { backstory: data.backstory }),
    tools: data.tools,
    ...(data.llm === undefined ? {} : { llm: toLlmSettings(data.llm) }),
    maxIterations: data.maxIterations,
    allowDelegation: data.allowDelegation,
    ...(data.guardrails === undefined || data.guardrails.length === 0 ? {} : { guardrails: data.guardrails }),
    ...(data.knowledge.length === 0
      ? {}
      : {
          knowledge: data.knowledge.map((entry) =>
            typeof entry === 'string' ? { collection: entry } : (withoutUnset(entry) as KnowledgeAttachment),
          ),
        }),
  };
}

function toCrewRag(data: NonNullable<z.output<typeof crewSchema>['rag']>): CrewRag {
  const collections = Object.entries(data.collections).map(([name, collection]) => [
    name,
    {
      sources: collection.sources,
      ...(collection.chunking === undefined
        ? {}
        : { chunking: withoutUnset(collection.chunking) as NonNullable<KnowledgeCollection['chunking']> }),
    },
  ]);
  return {
    collections: Object.fromEntries(collections),
    ...(data.defaults?.profile === undefined ? {} : { defaults: { profile: data.defaults.profile } }),
  };
}

/** The readable links: entries without `to` dropped, an unreadable direction read as outbound (brief §10.3). */
function linksOf(data: z.output<typeof crewSchema>['links']): { links?: readonly CrewLink[] } {
  const links = (data ?? []).flatMap((entry): CrewLink[] =>
    entry.to === undefined
      ? []
      : [
          {
            to: entry.to,
            direction:
              crewLinkDirections.find((direction) => direction === entry.direction?.trim().toLowerCase()) ?? 'outbound',
            allowedTopics: entry.allowedTopics,
          },
        ],
  );
  return links.length === 0 ? {} : { links };
}

function toTaskDefinition(data: z.output<typeof taskSchema>): TaskDefinition {
  const deliverable = data.deliverable;
  return {
    id: data.id,
    description: data.description,
    expectedOutput: data.expectedOutput,
    ...(data.agent === undefined ? {} : { agent: data.agent }),
    dependencies: data.dependencies,
    context: data.context,
    tools: data.tools,
    ...(deliverable === undefined
      ? {}
      : {
          deliverable: {
            path: deliverable.path,
            ...(deliverable.format === undefined ? {} : { format: deliverable.format }),
          },
        }),
    ...(data.outputSchema === undefined ? {} : { outputSchema: data.outputSchema }),
    ...(data.outputValidation === undefined
      ? {}
      : { outputValidation: withoutUnset(data.outputValidation) as OutputValidation }),
    ...(data.attachments === undefined || data.attachments.length === 0 ? {} : { attachments: data.attachments }),
  };
}

/** A preset name as is; limits without the keys left out, so a definition validates again unchanged. */
function withoutUnset<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function toLlmSettings(data: {
  model?: string | undefined;
  temperature?: number | undefined;
  maxTokens?: number | undefined;
}): CrewLlmSettings {
  return {
    ...(data.model === undefined ? {} : { model: data.model }),
    ...(data.temperature === undefined ? {} : { temperature: data.temperature }),
    ...(data.maxTokens === undefined ? {} : { maxTokens: data.maxTokens }),
  };
}
