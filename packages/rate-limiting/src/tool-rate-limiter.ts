import { serviceToken } from '@orkeon/core';
import { MemoryWindowStore } from './memory-window-store.js';
import type { RateLimitAcquisition, RateLimitHit } from './rate-limit-acquisition.js';
import { RateLimitingArgumentError } from './rate-limiting-errors.js';
import { retryAfterMilliseconds } from './sliding-window.js';
import type { ToolRateLimitingSettings } from './tool-rate-limiting-settings.js';
import type { SlidingWindowStore, WindowLimit } from './window-store.js';

/** The limits a limiter applies: the `ToolRateLimiting` keys it reads. */
export type ToolRateLimits = Pick<
  ToolRateLimitingSettings,
  'GlobalToolRequestsPerMinute' | 'DefaultToolRequestsPerMinute' | 'ToolSpecificLimits'
>;

/** How a `ToolRateLimiter` counts: its store and its clock. */
export interface ToolRateLimiterOptions {
  /** Where the windows are counted; default one in memory, for this limiter alone. */
  readonly store?: SlidingWindowStore;
  /** Milliseconds since the Unix epoch; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Per-tool rate limiting over one-minute sliding windows of six 10-second segments,
 * with no queue. A call is judged against the global window first (all tools
 * together), then the tool's own (`ToolSpecificLimits`, else the default); it counts in
 * both only when both have room, so a refused call uses up nothing. 0 means no limit.
 *
 * @experimental SVCEXP008
 */
export class ToolRateLimiter {
  readonly #limits: ToolRateLimits;
  readonly #toolLimits: ReadonlyMap<string, number>;
  readonly #store: SlidingWindowStore;
  readonly #now: () => number;

  constructor(limits: ToolRateLimits, options: ToolRateLimiterOptions = {}) {
    this.#limits = limits;
    this.#toolLimits = new Map(
      Object.entries(limits.ToolSpecificLimits).map(([tool, limit]) => [tool.toLowerCase(), limit]),
    );
    this.#store = options.store ?? new MemoryWindowStore();
    this.#now = options.now ?? Date.now;
  }

  /** The calls a minute `toolName` may make by itself; 0 when it has no limit of its own. */
  limitOf(toolName: string): number {
    return this.#toolLimits.get(toolName.toLowerCase()) ?? this.#limits.DefaultToolRequestsPerMinute;
  }

  /**
   * Counts one call of `toolName` by `agentRole` when the windows have room. Denied
   * when the global window, then the tool's, already holds its limit of calls of the
   * last minute; the answer says which and when to retry.
   */
  async acquire(toolName: string, agentRole: string): Promise<RateLimitAcquisition> {
    if (typeof toolName !== 'string' || toolName.trim() === '')
      throw new RateLimitingArgumentError('acquire needs the tool name, e.g. acquire("web_search", "Researcher")');
    if (typeof agentRole !== 'string')
      throw new RateLimitingArgumentError('acquire needs the agent role as text (empty when no agent calls)');
    const global = this.#limits.GlobalToolRequestsPerMinute;
    const own = this.limitOf(toolName);
    const windows: (WindowLimit & { readonly hit: RateLimitHit })[] = [];
    if (global > 0) windows.push({ key: 'global', limit: global, hit: { scope: 'global', requestsPerMinute: global } });
    if (own > 0)
      windows.push({
        key: `tool:${toolName.toLowerCase()}`,
        limit: own,
        hit: { scope: 'tool', requestsPerMinute: own },
      });
    const now = this.#now();
    if (windows.length === 0) return { acquired: true, lease: { toolName, agentRole, acquiredAt: new Date(now) } };
    const answer = await this.#store.acquire(windows, now);
    if (answer.acquired) {
      const remaining = (scope: RateLimitHit['scope']) => {
        const index = windows.findIndex((window) => window.hit.scope === scope);
        const window = windows[index];
        return window === undefined ? undefined : window.limit - (answer.totals[index] ?? window.limit);
      };
      const globalRemaining = remaining('global');
      const toolRemaining = remaining('tool');
      return {
        acquired: true,
        lease: {
          toolName,
          agentRole,
          acquiredAt: new Date(now),
          ...(globalRemaining === undefined ? {} : { globalRemaining }),
          ...(toolRemaining === undefined ? {} : { toolRemaining }),
        },
      };
    }
    const refused = windows[answer.deniedBy] as (typeof windows)[number];
    const retryAfterMs = retryAfterMilliseconds(answer.counts, refused.limit, now);
    return {
      acquired: false,
      reason: denialReason(toolName, refused.hit, retryAfterMs),
      retryAfterMs,
      limit: refused.hit,
    };
  }
}

/** What the model reads: which limit, and when a call fits again. */
function denialReason(toolName: string, hit: RateLimitHit, retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const calls = `${hit.requestsPerMinute} ${hit.scope === 'global' ? 'tool ' : ''}call${hit.requestsPerMinute === 1 ? '' : 's'}`;
  const which =
    hit.scope === 'global'
      ? `at most ${calls} a minute, all tools together`
      : `at most ${calls} a minute of tool '${toolName}'`;
  return `Rate limit reached (${which}); retry after ${seconds} s.`;
}

/** The runtime's tool rate limiter, registered by `addSvcToolRateLimiting`. @experimental SVCEXP008 */
export const ToolRateLimiterService = serviceToken<ToolRateLimiter>('ToolRateLimiter');
