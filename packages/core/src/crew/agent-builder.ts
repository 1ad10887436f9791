import type { Guardrail } from '../guardrails/guardrail.js';
import type { KnowledgeAttachment } from '../knowledge/knowledge-base.js';
import type { AgentDefinition } from './agent-definition.js';
import { defineAgent } from './define-crew.js';
import type { CrewLlmSettings } from './llm-settings.js';

/** Builds an agent step by step; `build()` fills in defaults and validates like `defineAgent`. */
export class AgentBuilder {
  #id: string | undefined;
  #role: string | undefined;
  #goal: string | undefined;
  #backstory: string | undefined;
  readonly #tools: string[] = [];
  #llm: CrewLlmSettings | undefined;
  #maxIterations: number | undefined;
  #allowDelegation: boolean | undefined;
  readonly #guardrails: (string | Guardrail)[] = [];
  readonly #knowledge: (string | KnowledgeAttachment)[] = [];

  id(id: string): this {
    this.#id = id;
    return this;
  }

  role(role: string): this {
    this.#role = role;
    return this;
  }

  goal(goal: string): this {
    this.#goal = goal;
    return this;
  }

  backstory(backstory: string): this {
    this.#backstory = backstory;
    return this;
  }

  /** Adds tool names (each call adds to the earlier ones). */
  tools(names: readonly string[]): this {
    this.#tools.push(...names);
    return this;
  }

  llm(settings: CrewLlmSettings): this {
    this.#llm = settings;
    return this;
  }

  maxIterations(count: number): this {
    this.#maxIterations = count;
    return this;
  }

  allowDelegation(allowed = true): this {
    this.#allowDelegation = allowed;
    return this;
  }

  /** Adds guardrails on the agent, by value (`defineGuardrail`) or by registered name. */
  guardrails(...guardrails: readonly (string | Guardrail)[]): this {
    this.#guardrails.push(...guardrails);
    return this;
  }

  /** Adds collections searched before each of the agent's tasks: names, or `{ collection, topK, … }` (docs/rag.md). */
  knowledge(...attachments: readonly (string | KnowledgeAttachment)[]): this {
    this.#knowledge.push(...attachments);
    return this;
  }

  /** The agent; throws `CrewValidationError` naming what is missing or wrong. */
  build(): AgentDefinition {
    // Unset fields go through as undefined so that validation names them.
    return defineAgent({
      id: this.#id as string,
      role: this.#role as string,
      goal: this.#goal as string,
      ...(this.#backstory === undefined ? {} : { backstory: this.#backstory }),
      tools: this.#tools,
      ...(this.#llm === undefined ? {} : { llm: this.#llm }),
      ...(this.#maxIterations === undefined ? {} : { maxIterations: this.#maxIterations }),
      ...(this.#allowDelegation === undefined ? {} : { allowDelegation: this.#allowDelegation }),
      ...(this.#guardrails.length === 0 ? {} : { guardrails: this.#guardrails }),
      ...(this.#knowledge.length === 0 ? {} : { knowledge: this.#knowledge }),
    });
  }
}

export function agentBuilder(): AgentBuilder {
  return new AgentBuilder();
}
