import type { ModelMessage } from 'ai';
import { activeAgentSpawner, spawnAgentToolName } from '../autonomous/agent-spawner.js';
import { withModelCallBudgets } from '../budget/budgeted-model.js';
import { meteredModel } from '../budget/metered-model.js';
import type { ModelCallBudget } from '../budget/model-call-budget.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { Guardian } from '../guardian/guardian.js';
import type { GuardrailCatalogue } from '../guardrails/guardrail-catalogue.js';
import { GuardrailSet } from '../guardrails/guardrail-set.js';
import type { LlmDeltaSink } from '../llm/console-streaming.js';
import { LlmClient } from '../llm/llm-client.js';
import type { Logger } from '../logging/logger.js';
import type { MultiModalContent } from '../multimodal/multimodal-content.js';
import { collaborationToolNames } from '../tools/collaboration/collaboration-tools.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import type { ToolInvocationPipeline } from '../tools/tool-invocation-pipeline.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ModelChoice } from './model-choice.js';
import type { RunScope } from './run-scope.js';

/**
 * Whether `agent` gets the collaboration tools: only with `allowDelegation`, the
 * hierarchical manager included (it always routes tasks; the tools are for its reviews).
 */
export function mayDelegate(agent: AgentDefinition, crew: CrewDefinition | undefined): boolean {
  if (crew === undefined || crew.agents.length < 2) return false;
  return agent.allowDelegation;
}

/**
 * Builds the model client of an agent inside a run: its model metered against the
 * run's budget (each call reported as `cost.updated`), its tools (plus the
 * collaboration tools when it may delegate and the depth allows, their description
 * naming its coworkers), streamed text as `llm.delta` when asked, each retry of a
 * failed model call as `model.retry`, and the caller identity for spans and audit events.
 */
export class AgentClients {
  readonly #parts: AgentClientsParts;

  constructor(parts: AgentClientsParts) {
    this.#parts = parts;
  }

  client(
    agent: AgentDefinition,
    crew: CrewDefinition | undefined,
    toolNames: readonly string[],
    call: {
      caller: CallerIdentity;
      scope: RunScope;
      deltas: boolean;
      taskId?: string | undefined;
      /** A conversation the client's acts continue (a crew run on a thread). */
      conversation?: { readonly messages: readonly ModelMessage[]; readonly summary?: string | undefined } | undefined;
    },
  ): LlmClient {
    const { caller, scope, deltas, taskId, conversation } = call;
    const { models, consoleSink } = this.#parts;
    const deltaSink =
      deltas || consoleSink !== undefined
        ? (text: string) => {
            consoleSink?.(text);
            if (deltas) scope.emit({ kind: 'llm.delta', agentId: agent.id, taskId, text });
          }
        : undefined;
    const model = meteredModel(models.modelFor(agent, crew), scope.meter, (used) => {
      scope.usage.recordModelCall(used);
      const usage = scope.meter.usage();
      scope.emit({
        kind: 'cost.updated',
        agentId: agent.id,
        taskId,
        tokens: usage.tokens,
        model: used.model,
        provider: used.provider,
        ...(usage.costUsd > 0 ? { costUsd: usage.costUsd, costSource: 'estimate' as const } : {}),
      });
    });
    // Outside budgets (ModelCallBudgetService) around the metered calls: a spent one stops the run as the crew budget does.
    const budgeted = withModelCallBudgets(model, this.#parts.modelCallBudgets ?? [], {
      meter: scope.meter,
      runId: () => scope.run.id,
      caller: () => ({ crew: crew?.name, agent: agent.role, agentId: agent.id, taskId }),
    });
    const guardrails = this.#parts.guardrails?.for(agent, crew) ?? [];
    return new LlmClient({
      model: budgeted,
      logger: this.#parts.logger,
      pipeline: this.#parts.pipeline,
      tools: this.#toolsFor(agent, crew, toolNames, scope),
      ...(guardrails.length === 0
        ? {}
        : {
            guardrails: new GuardrailSet(guardrails, (trip) =>
              scope.emit({
                kind: 'guardrail.tripped',
                guardrail: trip.guardrail,
                stage: trip.stage,
                reason: trip.reason,
                toolName: trip.tool,
                agentId: agent.id,
                taskId,
              }),
            ),
          }),
      caller,
      settings: models.callSettingsFor(agent, crew),
      onRetry: (retry) => scope.emit({ kind: 'model.retry', agentId: agent.id, taskId, ...retry }),
      ...(deltaSink === undefined ? {} : { deltaSink }),
      ...(conversation === undefined ? {} : { conversation }),
      ...(this.#parts.guardian === undefined ? {} : { guardian: this.#parts.guardian }),
      ...(this.#parts.captureContent === true ? { captureContent: true } : {}),
      ...(this.#parts.multiModal === undefined ? {} : { multiModal: this.#parts.multiModal }),
    });
  }

  #toolsFor(
    agent: AgentDefinition,
    crew: CrewDefinition | undefined,
    toolNames: readonly string[],
    scope: RunScope,
  ): Tool[] {
    const tools = this.#parts.tools.select(toolNames).tools;
    // An agent of an autonomous crew, working on its task, may spawn helpers while its budget allows.
    const spawn =
      activeAgentSpawner()?.offersTo(agent.id) === true ? this.#parts.tools.get(spawnAgentToolName) : undefined;
    if (spawn !== undefined && !tools.includes(spawn)) tools.push(spawn);
    const delegating =
      mayDelegate(agent, crew) &&
      scope.coworkers !== undefined &&
      scope.delegation.depth < this.#parts.maxDelegationDepth;
    if (!delegating || crew === undefined) return tools;
    const coworkers = crew.agents
      .filter((other) => other.id !== agent.id && !scope.delegation.chain.includes(other.id))
      .map((other) => `${other.role} (${other.id}): ${other.goal}`);
    if (coworkers.length === 0) return tools;
    const own = new Set(tools.map((tool) => tool.name.toLowerCase()));
    // The pipeline runs the registry's tool by name; this copy only tells the model whom it may ask.
    const collaboration = this.#parts.tools
      .select(collaborationToolNames.filter((name) => !own.has(name)))
      .tools.map((tool) => ({ ...tool, description: `${tool.description} Coworkers: ${coworkers.join('; ')}.` }));
    return [...tools, ...collaboration];
  }
}

export interface AgentClientsParts {
  readonly models: ModelChoice;
  readonly logger: Logger;
  readonly pipeline: ToolInvocationPipeline;
  readonly tools: ToolRegistry;
  readonly consoleSink?: LlmDeltaSink | undefined;
  readonly maxDelegationDepth: number;
  readonly guardian?: Guardian | undefined;
  readonly guardrails?: GuardrailCatalogue | undefined;
  /** Budgets kept outside the run (`ModelCallBudgetService`), asked around every model call. */
  readonly modelCallBudgets?: readonly ModelCallBudget[] | undefined;
  /** Sends attachments and the media of tool results (`addSvcMultiModal`). */
  readonly multiModal?: MultiModalContent | undefined;
  /** Record prompts and answers on the chat spans (`Telemetry:CaptureContent`). */
  readonly captureContent?: boolean | undefined;
}
