import { estimateCost, type ModelPrice } from '../telemetry/model-prices.js';
import { BudgetExhaustedError, type BudgetExhaustion } from './budget-exhausted-error.js';
import type { CrewBudget } from './crew-budget.js';

/** What a run has used so far. */
export interface CrewBudgetUsage {
  readonly tokens: number;
  /** Estimated; models without a price add nothing. */
  readonly costUsd: number;
  readonly toolCalls: number;
  readonly wallTimeSeconds: number;
}

export interface CrewBudgetMeterOptions {
  /** Milliseconds on a monotonic clock; default `performance.now`. */
  readonly now?: () => number;
  readonly prices?: Readonly<Record<string, ModelPrice>>;
  /** Told once when a model without a price is used under a `costUsd` limit. */
  readonly onUnpricedModel?: (model: string) => void;
  /** Told at once when a limit is spent (the stop signal may fire a moment later). */
  readonly onExhausted?: (error: BudgetExhaustedError) => void;
}

/**
 * Counts one run's use against its crew budget. The first limit spent is final:
 * `exhaustion` is set, the `stop` signal aborts (its reason a `BudgetExhaustedError`)
 * and later records change nothing. Tokens and cost are judged after each model
 * call, tool calls before each call (the call past the limit is refused), wall time
 * by a timer. A resumed run first counts what its earlier runs used (`countEarlier`),
 * so the budget bounds the whole run.
 */
export class CrewBudgetMeter {
  readonly budget: CrewBudget;
  readonly #now: () => number;
  readonly #prices: Readonly<Record<string, ModelPrice>>;
  readonly #onUnpricedModel: ((model: string) => void) | undefined;
  readonly #onExhausted: ((error: BudgetExhaustedError) => void) | undefined;
  #error: BudgetExhaustedError | undefined;
  readonly #unpriced = new Set<string>();
  readonly #controller = new AbortController();
  readonly #started: number;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #tokens = 0;
  #cost = 0;
  #toolCalls = 0;
  #earlier: CrewBudgetUsage | undefined;
  #exhaustion: BudgetExhaustion | undefined;

  constructor(budget: CrewBudget, options: CrewBudgetMeterOptions = {}) {
    this.budget = budget;
    this.#now = options.now ?? (() => performance.now());
    this.#prices = options.prices ?? {};
    this.#onUnpricedModel = options.onUnpricedModel;
    this.#onExhausted = options.onExhausted;
    this.#started = this.#now();
    this.#armWallTime();
  }

  /** Aborts when a limit is spent; its reason is the `BudgetExhaustedError`. */
  get stop(): AbortSignal {
    return this.#controller.signal;
  }

  get exhaustion(): BudgetExhaustion | undefined {
    return this.#exhaustion;
  }

  /** The error naming the spent limit, once one is spent. */
  get error(): BudgetExhaustedError | undefined {
    return this.#error;
  }

  usage(): CrewBudgetUsage {
    return {
      tokens: this.#tokens,
      costUsd: this.#cost,
      toolCalls: this.#toolCalls,
      wallTimeSeconds: this.#elapsedSeconds(),
    };
  }

  /**
   * One finished model call's tokens; returns its estimated cost when the model has a
   * price. When they spend the budget, `exhaustion` is set at once and the stop fires
   * on the next turn of the event loop, so the call that finished can hand in its
   * answer while every other call in flight is aborted.
   */
  recordModelCall(model: string, inputTokens: number, outputTokens: number): number | undefined {
    this.#tokens += inputTokens + outputTokens;
    const cost = estimateCost(this.#prices, model, inputTokens, outputTokens);
    if (cost !== undefined) this.#cost += cost;
    else if (this.budget.costUsd !== undefined && !this.#unpriced.has(model)) {
      this.#unpriced.add(model);
      this.#onUnpricedModel?.(model);
    }
    const { tokens, costUsd } = this.budget;
    if (tokens !== undefined && this.#tokens >= tokens) this.#exhaust('tokens', tokens, this.#tokens, true);
    else if (costUsd !== undefined && this.#cost >= costUsd) this.#exhaust('costUsd', costUsd, this.#cost, true);
    return cost;
  }

  /** Counts a tool call about to start; false (and the run stops) when it would pass the limit. */
  recordToolCall(): boolean {
    if (this.#exhaustion !== undefined) return false;
    const limit = this.budget.toolCalls;
    if (limit !== undefined && this.#toolCalls >= limit) {
      this.#exhaust('toolCalls', limit, this.#toolCalls + 1);
      return false;
    }
    this.#toolCalls++;
    return true;
  }

  /**
   * Adds what the earlier runs of a resumed session used; call before the run does any
   * work. Wall time goes on from the earlier seconds (the pause between runs does not
   * count). A limit the earlier use has reached is spent at once, so the run makes no
   * model call: tool calls too, since none is left.
   */
  countEarlier(earlier: CrewBudgetUsage): void {
    const total = this.#earlier ?? { tokens: 0, costUsd: 0, toolCalls: 0, wallTimeSeconds: 0 };
    this.#earlier = {
      tokens: total.tokens + earlier.tokens,
      costUsd: total.costUsd + earlier.costUsd,
      toolCalls: total.toolCalls + earlier.toolCalls,
      wallTimeSeconds: total.wallTimeSeconds + earlier.wallTimeSeconds,
    };
    this.#tokens += earlier.tokens;
    this.#cost += earlier.costUsd;
    this.#toolCalls += earlier.toolCalls;
    if (this.#exhaustion !== undefined) return;
    const { tokens, costUsd, toolCalls } = this.budget;
    if (tokens !== undefined && this.#tokens >= tokens) this.#exhaust('tokens', tokens, this.#tokens);
    else if (costUsd !== undefined && this.#cost >= costUsd) this.#exhaust('costUsd', costUsd, this.#cost);
    else if (toolCalls !== undefined && this.#toolCalls >= toolCalls)
      this.#exhaust('toolCalls', toolCalls, this.#toolCalls);
    else this.#armWallTime();
  }

  /**
   * Stops the run for a limit kept outside this meter (a `ModelCallBudget`, its
   * `setting` named in the error): the same `exhaustion`, error, `onExhausted` and stop
   * as a spent crew budget. `deferred` fires the stop on the next turn of the event
   * loop, so the model call that spent the limit still hands in its answer. The first
   * limit spent stays final: later calls return its error and change nothing.
   */
  stopFor(exhaustion: BudgetExhaustion, options: { readonly deferred?: boolean } = {}): BudgetExhaustedError {
    if (this.#error !== undefined) return this.#error;
    const error = new BudgetExhaustedError(exhaustion);
    this.#exhaustion = exhaustion;
    this.#error = error;
    this.close();
    this.#onExhausted?.(error);
    const stop = () => this.#controller.abort(error);
    if (options.deferred === true) setImmediate(stop);
    else stop();
    return error;
  }

  /** Stops the wall-time timer; call when the run ends. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #elapsedSeconds(): number {
    return (this.#earlier?.wallTimeSeconds ?? 0) + (this.#now() - this.#started) / 1000;
  }

  /** (Re)starts the wall-time timer for what is left of the limit; spent at once when nothing is. */
  #armWallTime(): void {
    const limit = this.budget.wallTime;
    if (limit === undefined || this.#closed) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const left = limit - this.#elapsedSeconds();
    if (left <= 0) {
      this.#exhaust('wallTime', limit, this.#elapsedSeconds());
      return;
    }
    this.#timer = setTimeout(() => this.#exhaust('wallTime', limit, this.#elapsedSeconds()), left * 1000);
    this.#timer.unref();
  }

  #exhaust(dimension: BudgetExhaustion['dimension'], limit: number, used: number, deferred = false): void {
    if (this.#exhaustion !== undefined) return;
    const earlier = this.#earlier === undefined ? 0 : earlierOf(this.#earlier, dimension);
    const exhaustion: BudgetExhaustion = { dimension, limit, used, ...(earlier > 0 ? { earlier } : {}) };
    const error = new BudgetExhaustedError(exhaustion);
    this.#exhaustion = exhaustion;
    this.#error = error;
    this.close();
    this.#onExhausted?.(error);
    const stop = () => this.#controller.abort(error);
    if (deferred) setImmediate(stop);
    else stop();
  }
}

function earlierOf(usage: CrewBudgetUsage, dimension: BudgetExhaustion['dimension']): number {
  return dimension === 'wallTime' ? usage.wallTimeSeconds : usage[dimension];
}
