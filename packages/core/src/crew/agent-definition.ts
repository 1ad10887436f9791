import type { Guardrail } from '../guardrails/guardrail.js';
import type { KnowledgeAttachment } from '../knowledge/knowledge-base.js';
import type { StopCondition } from '../llm/stop-conditions.js';
import type { ModelInput } from '../llm/to-chat-model.js';
import type { Tool } from '../tools/tool.js';
import type { AgentCodeFields } from './agent-code-fields.js';
import type { CrewLlmSettings } from './llm-settings.js';

export const defaultAgentMaxIterations = 10;

/** A member of a crew: its role, goal and backstory are its system prompt. */
export interface AgentDefinition extends AgentCodeFields {
  /** Unique in the crew; tasks name their agent by it. */
  readonly id: string;
  readonly role: string;
  readonly goal: string;
  readonly backstory?: string;
  /** Tool names, resolved against the tool registry (strictly, when the loader is given its names); by-value tools are in `ownTools` too. */
  readonly tools: readonly string[];
  readonly llm?: CrewLlmSettings;
  /** Most model calls of one task's tool loop; `0` means no limit. Default 10. */
  readonly maxIterations: number;
  /**
   * Gives the agent the collaboration tools (`ask_question_to_coworker`, `delegate_work_to_coworker`)
   * in a crew of two or more agents; the hierarchical manager uses them in its reviews. Default false.
   */
  readonly allowDelegation: boolean;
  /** Names of the guardrails on this agent's prompts, answers and tool calls (by-value ones are in `ownGuardrails` too). */
  readonly guardrails?: readonly string[];
  /** Collections searched before each of the agent's tasks (see docs/rag.md); absent when none. */
  readonly knowledge?: readonly KnowledgeAttachment[];
}

/** An agent as written by hand: the fields with defaults may be left out. */
export interface AgentInput {
  readonly id: string;
  readonly role: string;
  readonly goal: string;
  readonly backstory?: string;
  /** Tools by value (`defineTool`) or by registered name. */
  readonly tools?: readonly (string | Tool)[];
  /** The agent's own model: an AI SDK model or a `ChatModel`; wins over `llm.model`. */
  readonly model?: ModelInput;
  readonly llm?: CrewLlmSettings;
  readonly maxIterations?: number;
  /** Ends the agent's tool loop early when any condition holds (beside `maxIterations`). */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  readonly allowDelegation?: boolean;
  /** Guardrails by value (`defineGuardrail`) or by registered name. */
  readonly guardrails?: readonly (string | Guardrail)[];
  /** Collection names, or `{ collection, topK, minScore, profile, maxContextTokens }`. */
  readonly knowledge?: readonly (string | KnowledgeAttachment)[];
}
