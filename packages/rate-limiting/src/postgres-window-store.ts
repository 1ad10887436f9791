import type pg from 'pg';
import { acquireFunction } from './postgres-tables.js';
import { RateLimitingStoreUnavailableError } from './rate-limiting-errors.js';
import { oldestSegmentOf, type SegmentCounts, segmentAt } from './sliding-window.js';
import type { SlidingWindowStore, WindowAcquisition, WindowLimit } from './window-store.js';

type AcquireAnswer = { readonly totals: number[] } | { readonly deniedBy: number; readonly counts: [number, number][] };

/**
 * The windows in PostgreSQL, shared by every process using the same database and key
 * prefix. Each call is one statement, the acquire function, which holds an advisory lock
 * of the prefix while it reads, judges and counts: no two processes pass a limit together.
 */
export class PostgresWindowStore implements SlidingWindowStore {
  readonly #pool: () => Promise<pg.Pool>;
  readonly #prefix: string;
  readonly #server: string;

  constructor(options: { readonly pool: () => Promise<pg.Pool>; readonly keyPrefix: string; readonly server: string }) {
    this.#pool = options.pool;
    this.#prefix = `${options.keyPrefix}rate-window:`;
    this.#server = options.server;
  }

  async acquire(limits: readonly WindowLimit[], now: number): Promise<WindowAcquisition> {
    const pool = await this.#pool();
    const current = segmentAt(now);
    let answer: AcquireAnswer;
    try {
      const { rows } = await pool.query<{ answer: AcquireAnswer }>({
        name: 'orkeon-tool-rate-acquire',
        text: `SELECT ${acquireFunction}($1, $2, $3, $4, $5) AS answer`,
        values: [
          this.#prefix,
          limits.map(({ key }) => `${this.#prefix}${key}`),
          limits.map(({ limit }) => limit),
          current,
          oldestSegmentOf(current),
        ],
      });
      answer = (rows[0] as { answer: AcquireAnswer }).answer;
    } catch (error) {
      throw new RateLimitingStoreUnavailableError(
        { section: 'ToolRateLimiting', server: this.#server, operation: 'count a tool call' },
        error,
      );
    }
    if ('totals' in answer) return { acquired: true, totals: answer.totals.map(Number) };
    return {
      acquired: false,
      deniedBy: answer.deniedBy,
      counts: answer.counts.map(([segment, calls]) => [Number(segment), Number(calls)] as const) as SegmentCounts,
    };
  }
}
