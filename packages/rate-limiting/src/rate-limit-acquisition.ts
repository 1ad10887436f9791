/** What an acquired call holds: who made it, when, and how many calls the windows have left. */
export interface RateLimitLease {
  readonly toolName: string;
  readonly agentRole: string;
  readonly acquiredAt: Date;
  /** Calls left in the global window after this one; absent when there is no global limit. */
  readonly globalRemaining?: number;
  /** Calls left in the tool's window after this one; absent when the tool has no limit. */
  readonly toolRemaining?: number;
}

/** The limit that refused a call. */
export interface RateLimitHit {
  /** `global`: all tools together (`GlobalToolRequestsPerMinute`); `tool`: the tool's own limit. */
  readonly scope: 'global' | 'tool';
  readonly requestsPerMinute: number;
}

/**
 * The answer of `ToolRateLimiter.acquire`: acquired, with a lease; or denied, with the
 * reason (what the model reads) and how long until a call fits again. There is no queue:
 * a denied call is not made later by the limiter, and a sliding window returns nothing
 * when a call ends (its count leaves with its segment).
 */
export type RateLimitAcquisition =
  | { readonly acquired: true; readonly lease: RateLimitLease }
  | {
      readonly acquired: false;
      readonly reason: string;
      /** Milliseconds until the window has room for one call (at least 1). */
      readonly retryAfterMs: number;
      readonly limit: RateLimitHit;
    };
