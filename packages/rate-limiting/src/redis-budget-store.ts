import type { Redis } from 'ioredis';
import { RateLimitingStoreUnavailableError } from './rate-limiting-errors.js';
import { RedisScript } from './redis-script.js';
import {
  type BudgetCounts,
  noUsage,
  type TokenBudgetReport,
  type TokenBudgetStore,
  type TokenUsage,
} from './token-usage.js';

// One hash per crew: `crew:<counter>` fields for its total, `agent:<counter>:<role>` for each role.
const counters = ['tokens', 'cost', 'calls'] as const;
const crewField = (counter: (typeof counters)[number]) => `crew:${counter}`;
const agentField = (counter: (typeof counters)[number], role: string) => `agent:${counter}:${role}`;

// Adds one call to the agent's and the crew's counters and answers both totals after it, in one
// step no other client's record can come between; the hash expires ARGV[4] seconds after it.
const recordScript = new RedisScript(`
local key = KEYS[1]
local role = ARGV[1]
local answer = {
  redis.call('HINCRBY', key, 'agent:tokens:' .. role, ARGV[2]),
  redis.call('HINCRBYFLOAT', key, 'agent:cost:' .. role, ARGV[3]),
  redis.call('HINCRBY', key, 'agent:calls:' .. role, 1),
  redis.call('HINCRBY', key, 'crew:tokens', ARGV[2]),
  redis.call('HINCRBYFLOAT', key, 'crew:cost', ARGV[3]),
  redis.call('HINCRBY', key, 'crew:calls', 1),
}
redis.call('EXPIRE', key, ARGV[4])
return answer
`);

/**
 * The counters in Redis, shared by every process using the same server and key prefix.
 * A record is one script of increments, so concurrent records add up; each crew's hash
 * expires `retentionDays` after its last change.
 */
export class RedisBudgetStore implements TokenBudgetStore {
  readonly #client: () => Promise<Redis>;
  readonly #prefix: string;
  readonly #server: string;
  readonly #retentionSeconds: number;

  constructor(options: {
    readonly client: () => Promise<Redis>;
    readonly keyPrefix: string;
    readonly server: string;
    readonly retentionDays: number;
  }) {
    this.#client = options.client;
    this.#prefix = `${options.keyPrefix}token-budget:`;
    this.#server = options.server;
    this.#retentionSeconds = options.retentionDays * 86_400;
  }

  async record(crewId: string, agentRole: string, tokens: number, cost: number): Promise<BudgetCounts> {
    const values = await this.#run('record token usage', (client) =>
      recordScript.run(client, [this.#prefix + crewId], [agentRole, tokens, cost, this.#retentionSeconds]),
    );
    const numbers = (values as (string | number)[]).map(Number);
    return { agent: usageOf(numbers.slice(0, 3)), crew: usageOf(numbers.slice(3, 6)) };
  }

  async read(crewId: string, agentRole: string): Promise<BudgetCounts> {
    const fields = [...counters.map((counter) => agentField(counter, agentRole)), ...counters.map(crewField)];
    const values = await this.#run('read token usage', (client) => client.hmget(this.#prefix + crewId, ...fields));
    const numbers = values.map((value) => Number(value ?? 0));
    return { agent: usageOf(numbers.slice(0, 3)), crew: usageOf(numbers.slice(3, 6)) };
  }

  async report(crewId: string): Promise<TokenBudgetReport> {
    const hash = await this.#run('read token usage', (client) => client.hgetall(this.#prefix + crewId));
    const agents = new Map<string, { tokens: number; cost: number; calls: number }>();
    for (const [field, value] of Object.entries(hash)) {
      const match = /^agent:(tokens|cost|calls):(.*)$/s.exec(field);
      if (match === null) continue;
      const [, counter = '', role = ''] = match;
      const agent = agents.get(role) ?? { tokens: 0, cost: 0, calls: 0 };
      agent[counter as (typeof counters)[number]] = Number(value);
      agents.set(role, agent);
    }
    const total = usageOf(counters.map((counter) => Number(hash[crewField(counter)] ?? 0)));
    return {
      crewId,
      total: total.callCount === 0 ? noUsage : total,
      agents: Object.fromEntries(
        [...agents].map(([role, agent]) => [role, usageOf([agent.tokens, agent.cost, agent.calls])]),
      ),
    };
  }

  async #run<T>(operation: string, command: (client: Redis) => Promise<T>): Promise<T> {
    const client = await this.#client();
    try {
      return await command(client);
    } catch (error) {
      throw new RateLimitingStoreUnavailableError({ section: 'TokenBudget', server: this.#server, operation }, error);
    }
  }
}

function usageOf([tokens = 0, cost = 0, calls = 0]: readonly number[]): TokenUsage {
  return { totalTokens: tokens, estimatedCost: cost, callCount: calls };
}
