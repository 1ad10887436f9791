import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { AgentBudgetExhaustedError } from './agent-budget-exhausted-error.js';
import {
  type AgentBudgetDimension,
  type AgentExecutionBudgetLimits,
  type AgentExecutionBudgetPresetName,
  agentExecutionBudgetPresets,
} from './agent-execution-budget-limits.js';

/** Use and limit of one dimension. */
export interface AgentBudgetUsage {
  readonly used: number;
  readonly limit: number;
}

/** A budget at one moment: every dimension, and the one that ran out, if any. */
export interface AgentBudgetSnapshot {
  readonly toolCalls: AgentBudgetUsage;
  readonly delegationDepth: AgentBudgetUsage;
  readonly wallTimeMs: AgentBudgetUsage;
  readonly tokens: AgentBudgetUsage;
  readonly spawnedAgents: AgentBudgetUsage;
  readonly exhausted?: AgentBudgetDimension;
}

/**
 * The execution budget of the autonomous process: five counters against five limits.
 * `record…` counts one more and throws `AgentBudgetExhaustedError` instead when the
 * limit is reached (tokens: when the total passes it); `throwIfExhausted` checks
 * without counting. JavaScript runs one callback at a time, so the counters need no
 * locks even when agents work concurrently. The clock is injectable.
 */
export class AgentExecutionBudget {
  readonly limits: AgentExecutionBudgetLimits;
  readonly #clock: () => number;
  readonly #startedAt: number;
  #toolCalls = 0;
  #delegations = 0;
  #tokens = 0;
  #spawned = 0;
  #exhausted: AgentBudgetDimension | undefined;

  constructor(
    limits: AgentExecutionBudgetLimits | AgentExecutionBudgetPresetName,
    options: { clock?: () => number } = {},
  ) {
    this.limits = typeof limits === 'string' ? presetLimits(limits) : checkedLimits(limits);
    this.#clock = options.clock ?? Date.now;
    this.#startedAt = this.#clock();
  }

  static strict(options?: { clock?: () => number }): AgentExecutionBudget {
    return new AgentExecutionBudget('strict', options);
  }

  static default(options?: { clock?: () => number }): AgentExecutionBudget {
    return new AgentExecutionBudget('default', options);
  }

  static permissive(options?: { clock?: () => number }): AgentExecutionBudget {
    return new AgentExecutionBudget('permissive', options);
  }

  recordToolCall(): void {
    this.#toolCalls = this.#count('toolCalls', this.#toolCalls, this.limits.maxToolCalls);
  }

  recordDelegation(): void {
    this.#delegations = this.#count('delegationDepth', this.#delegations, this.limits.maxDelegationDepth);
  }

  recordSpawn(): void {
    this.#spawned = this.#count('spawnedAgents', this.#spawned, this.limits.maxSpawnedAgents);
  }

  /** Spawns still allowed; counts nothing. */
  spawnsLeft(): number {
    return Math.max(0, this.limits.maxSpawnedAgents - this.#spawned);
  }

  /** Adds the tokens (they were spent either way); throws when the total passes the limit. */
  recordTokens(tokens: number): void {
    this.#tokens += Math.max(0, tokens);
    if (this.#tokens > this.limits.maxTokensConsumed)
      this.#exhaust('tokens', this.#tokens, this.limits.maxTokensConsumed);
  }

  assertWallTime(): void {
    const elapsed = this.elapsedMilliseconds();
    if (elapsed >= this.limits.maxWallTimeMs) this.#exhaust('wallTime', elapsed, this.limits.maxWallTimeMs);
  }

  /** A pre-flight check that counts nothing: throws when a dimension has run out (or a record already failed). */
  throwIfExhausted(): void {
    const dimension = this.exhaustedDimension();
    if (dimension === undefined) return;
    const usage = this.#usageOf(dimension);
    throw new AgentBudgetExhaustedError(dimension, usage.used, usage.limit);
  }

  get isExhausted(): boolean {
    return this.exhaustedDimension() !== undefined;
  }

  /** The dimension that ran out: a failed record, or tool calls, tokens or wall time at their limit. */
  exhaustedDimension(): AgentBudgetDimension | undefined {
    if (this.#exhausted !== undefined) return this.#exhausted;
    if (this.#toolCalls >= this.limits.maxToolCalls) return 'toolCalls';
    if (this.#tokens > this.limits.maxTokensConsumed) return 'tokens';
    if (this.elapsedMilliseconds() >= this.limits.maxWallTimeMs) return 'wallTime';
    return undefined;
  }

  elapsedMilliseconds(): number {
    return Math.max(0, this.#clock() - this.#startedAt);
  }

  toSnapshot(): AgentBudgetSnapshot {
    const exhausted = this.exhaustedDimension();
    return {
      toolCalls: this.#usageOf('toolCalls'),
      delegationDepth: this.#usageOf('delegationDepth'),
      wallTimeMs: this.#usageOf('wallTime'),
      tokens: this.#usageOf('tokens'),
      spawnedAgents: this.#usageOf('spawnedAgents'),
      ...(exhausted === undefined ? {} : { exhausted }),
    };
  }

  /**
   * A budget for delegated work, from what remains here: tool calls (at least 1),
   * delegation depth one less (at least 0), the wall time left, tokens (at least 100),
   * spawns (at least 0). Each child gets the whole remainder; the same clock runs it.
   */
  createChildBudget(): AgentExecutionBudget {
    const { limits } = this;
    return new AgentExecutionBudget(
      {
        maxToolCalls: Math.max(1, limits.maxToolCalls - this.#toolCalls),
        maxDelegationDepth: Math.max(0, limits.maxDelegationDepth - 1),
        maxWallTimeMs: Math.max(0, limits.maxWallTimeMs - this.elapsedMilliseconds()),
        maxTokensConsumed: Math.max(100, limits.maxTokensConsumed - this.#tokens),
        maxSpawnedAgents: Math.max(0, limits.maxSpawnedAgents - this.#spawned),
      },
      { clock: this.#clock },
    );
  }

  #count(dimension: AgentBudgetDimension, used: number, limit: number): number {
    if (used >= limit) this.#exhaust(dimension, used + 1, limit);
    return used + 1;
  }

  #exhaust(dimension: AgentBudgetDimension, used: number, limit: number): never {
    this.#exhausted ??= dimension;
    throw new AgentBudgetExhaustedError(dimension, used, limit);
  }

  #usageOf(dimension: AgentBudgetDimension): AgentBudgetUsage {
    const { limits } = this;
    switch (dimension) {
      case 'toolCalls':
        return { used: this.#toolCalls, limit: limits.maxToolCalls };
      case 'delegationDepth':
        return { used: this.#delegations, limit: limits.maxDelegationDepth };
      case 'wallTime':
        return { used: this.elapsedMilliseconds(), limit: limits.maxWallTimeMs };
      case 'tokens':
        return { used: this.#tokens, limit: limits.maxTokensConsumed };
      case 'spawnedAgents':
        return { used: this.#spawned, limit: limits.maxSpawnedAgents };
    }
  }
}

function presetLimits(name: AgentExecutionBudgetPresetName): AgentExecutionBudgetLimits {
  const limits = agentExecutionBudgetPresets[name];
  if (limits === undefined) {
    throw new OrkeonError<CoreErrorCode>(
      'AUTONOMOUS_BUDGET_INVALID',
      `unknown execution budget preset '${String(name)}'; use strict, default or permissive.`,
    );
  }
  return limits;
}

function checkedLimits(limits: AgentExecutionBudgetLimits): AgentExecutionBudgetLimits {
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new OrkeonError<CoreErrorCode>(
        'AUTONOMOUS_BUDGET_INVALID',
        `execution budget ${key} must be a number of at least 0, not ${String(value)}.`,
      );
    }
  }
  return limits;
}
