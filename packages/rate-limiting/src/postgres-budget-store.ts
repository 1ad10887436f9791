import type pg from 'pg';
import { budgetsTable } from './postgres-tables.js';
import { RateLimitingStoreUnavailableError } from './rate-limiting-errors.js';
import {
  type BudgetCounts,
  noUsage,
  type TokenBudgetReport,
  type TokenBudgetStore,
  type TokenUsage,
} from './token-usage.js';

interface CounterRow {
  readonly agent: string;
  readonly total_tokens: string;
  readonly estimated_cost: number;
  readonly call_count: number;
}

// The crew's row has the agent '' (a role is never empty); it is listed first, so every
// record locks it first and two records never wait on each other in opposite order.
const crewRow = '';

/**
 * The counters in PostgreSQL, shared by every process using the same database and key
 * prefix. A record is one upsert of the agent's and the crew's rows that answers both
 * totals after it, so concurrent records add up. Crews whose counters have not changed
 * for `retentionDays` are removed the first time the store is used.
 */
export class PostgresBudgetStore implements TokenBudgetStore {
  readonly #pool: () => Promise<pg.Pool>;
  readonly #prefix: string;
  readonly #server: string;
  readonly #retentionDays: number;
  #expiredRemoved: Promise<unknown> | undefined;

  constructor(options: {
    readonly pool: () => Promise<pg.Pool>;
    readonly keyPrefix: string;
    readonly server: string;
    readonly retentionDays: number;
  }) {
    this.#pool = options.pool;
    this.#prefix = `${options.keyPrefix}token-budget:`;
    this.#server = options.server;
    this.#retentionDays = options.retentionDays;
  }

  async record(crewId: string, agentRole: string, tokens: number, cost: number): Promise<BudgetCounts> {
    const rows = await this.#query(
      'record token usage',
      'orkeon-token-budget-record',
      `INSERT INTO ${budgetsTable} AS counters (crew_key, agent, total_tokens, estimated_cost, call_count)
       VALUES ($1, '${crewRow}', $3, $4, 1), ($1, $2, $3, $4, 1)
       ON CONFLICT (crew_key, agent) DO UPDATE SET
         total_tokens = counters.total_tokens + excluded.total_tokens,
         estimated_cost = counters.estimated_cost + excluded.estimated_cost,
         call_count = counters.call_count + 1,
         updated_at = now()
       RETURNING agent, total_tokens, estimated_cost, call_count`,
      [this.#prefix + crewId, agentRole, tokens, cost],
    );
    return countsOf(rows, agentRole);
  }

  async read(crewId: string, agentRole: string): Promise<BudgetCounts> {
    const rows = await this.#query(
      'read token usage',
      'orkeon-token-budget-read',
      `SELECT agent, total_tokens, estimated_cost, call_count FROM ${budgetsTable} WHERE crew_key = $1 AND agent IN ('${crewRow}', $2)`,
      [this.#prefix + crewId, agentRole],
    );
    return countsOf(rows, agentRole);
  }

  async report(crewId: string): Promise<TokenBudgetReport> {
    const rows = await this.#query(
      'read token usage',
      'orkeon-token-budget-report',
      `SELECT agent, total_tokens, estimated_cost, call_count FROM ${budgetsTable} WHERE crew_key = $1`,
      [this.#prefix + crewId],
    );
    const crew = rows.find((row) => row.agent === crewRow);
    return {
      crewId,
      total: crew === undefined ? noUsage : usageOf(crew),
      agents: Object.fromEntries(rows.filter((row) => row.agent !== crewRow).map((row) => [row.agent, usageOf(row)])),
    };
  }

  /** Runs a named statement: each connection parses and plans it once. */
  async #query(operation: string, name: string, text: string, values: readonly unknown[]): Promise<CounterRow[]> {
    const pool = await this.#pool();
    try {
      this.#expiredRemoved ??= pool
        .query(
          `DELETE FROM ${budgetsTable} WHERE crew_key LIKE $1 || '%' AND updated_at < now() - make_interval(days => $2)`,
          [this.#prefix.replaceAll(/[\\%_]/g, '\\$&'), this.#retentionDays],
        )
        .catch((error: unknown) => {
          this.#expiredRemoved = undefined;
          throw error;
        });
      await this.#expiredRemoved;
      return (await pool.query<CounterRow>({ name, text, values: [...values] })).rows;
    } catch (error) {
      throw new RateLimitingStoreUnavailableError({ section: 'TokenBudget', server: this.#server, operation }, error);
    }
  }
}

function countsOf(rows: readonly CounterRow[], agentRole: string): BudgetCounts {
  const agent = rows.find((row) => row.agent === agentRole);
  const crew = rows.find((row) => row.agent === crewRow);
  return { agent: agent === undefined ? noUsage : usageOf(agent), crew: crew === undefined ? noUsage : usageOf(crew) };
}

function usageOf(row: CounterRow): TokenUsage {
  return { totalTokens: Number(row.total_tokens), estimatedCost: row.estimated_cost, callCount: row.call_count };
}
