import {
  type BudgetCounts,
  noUsage,
  type TokenBudgetReport,
  type TokenBudgetStore,
  type TokenUsage,
} from './token-usage.js';

interface CrewCounters {
  total: TokenUsage;
  readonly agents: Map<string, TokenUsage>;
}

/** The counters of one runtime, in a map; kept until the runtime is disposed. */
export class MemoryBudgetStore implements TokenBudgetStore {
  readonly #crews = new Map<string, CrewCounters>();

  async record(crewId: string, agentRole: string, tokens: number, cost: number): Promise<BudgetCounts> {
    let crew = this.#crews.get(crewId);
    if (crew === undefined) {
      crew = { total: noUsage, agents: new Map() };
      this.#crews.set(crewId, crew);
    }
    const agent = added(crew.agents.get(agentRole) ?? noUsage, tokens, cost);
    crew.agents.set(agentRole, agent);
    crew.total = added(crew.total, tokens, cost);
    return { agent, crew: crew.total };
  }

  async read(crewId: string, agentRole: string): Promise<BudgetCounts> {
    const crew = this.#crews.get(crewId);
    return { agent: crew?.agents.get(agentRole) ?? noUsage, crew: crew?.total ?? noUsage };
  }

  async report(crewId: string): Promise<TokenBudgetReport> {
    const crew = this.#crews.get(crewId);
    return { crewId, total: crew?.total ?? noUsage, agents: Object.fromEntries(crew?.agents ?? []) };
  }
}

function added(usage: TokenUsage, tokens: number, cost: number): TokenUsage {
  return {
    totalTokens: usage.totalTokens + tokens,
    estimatedCost: usage.estimatedCost + cost,
    callCount: usage.callCount + 1,
  };
}
