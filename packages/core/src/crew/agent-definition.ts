import type { CrewLlmSettings } from './llm-settings.js';

export const defaultAgentMaxIterations = 10;

/** A member of a crew: its role, goal and backstory are its system prompt. */
export interface AgentDefinition {
  /** Unique in the crew; tasks name their agent by it. */
  readonly id: string;
  readonly role: string;
  readonly goal: string;
  readonly backstory?: string;
  /** Tool names, resolved against the tool registry (strictly, when the loader is given its names). */
  readonly tools: readonly string[];
  readonly llm?: CrewLlmSettings;
  /** Most model calls of one task's tool loop; `0` means no limit. Default 10. */
  readonly maxIterations: number;
  /** Recorded for delegation tools, which do not exist yet. Default false. */
  readonly allowDelegation: boolean;
}

/** An agent as written by hand: the fields with defaults may be left out. */
export interface AgentInput {
  readonly id: string;
  readonly role: string;
  readonly goal: string;
  readonly backstory?: string;
  readonly tools?: readonly string[];
  readonly llm?: CrewLlmSettings;
  readonly maxIterations?: number;
  readonly allowDelegation?: boolean;
}
