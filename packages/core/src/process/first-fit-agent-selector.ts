import type { AgentDefinition } from '../crew/agent-definition.js';
import type { AgentSelector } from './agent-selector-port.js';

/** Round-robin: each task without an agent goes to the next agent in declared order. */
export class FirstFitAgentSelector implements AgentSelector {
  #next = 0;

  select(_task: unknown, agents: readonly AgentDefinition[]): AgentDefinition {
    const agent = agents[this.#next % agents.length] as AgentDefinition;
    this.#next++;
    return agent;
  }
}
