/** What ended in one clock minute, counted from the spans. */
export interface MinuteActivity {
  /** The start of the minute (seconds and milliseconds zero). */
  readonly minute: Date;
  readonly crewExecutions: number;
  readonly taskExecutions: number;
  readonly llmCalls: number;
  readonly toolExecutions: number;
  /** Spans of any kind that ended with an error status. */
  readonly failedSpans: number;
}

type Counted = Exclude<keyof MinuteActivity, 'minute'>;

const minuteMilliseconds = 60_000;

/**
 * One bucket per clock minute for the last `retentionMinutes` minutes, the current one
 * included: older buckets are dropped whenever a bucket is counted into or read.
 */
export class MinuteBuckets {
  readonly #retentionMinutes: number;
  readonly #clock: () => Date;
  readonly #buckets = new Map<number, Record<Counted, number>>();
  #prunedAt = Number.NaN;

  constructor(retentionMinutes: number, clock: () => Date) {
    this.#retentionMinutes = retentionMinutes;
    this.#clock = clock;
  }

  count(field: Counted): void {
    const minute = this.#prune();
    let bucket = this.#buckets.get(minute);
    if (bucket === undefined) {
      bucket = { crewExecutions: 0, taskExecutions: 0, llmCalls: 0, toolExecutions: 0, failedSpans: 0 };
      this.#buckets.set(minute, bucket);
    }
    bucket[field]++;
  }

  /** The buckets kept, oldest first; minutes with nothing ended have no bucket. */
  read(): MinuteActivity[] {
    this.#prune();
    return [...this.#buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([minute, bucket]) => ({ minute: new Date(minute * minuteMilliseconds), ...bucket }));
  }

  /** Drops the buckets out of the window; returns the current minute's number. */
  #prune(): number {
    const current = Math.floor(this.#clock().getTime() / minuteMilliseconds);
    // Within one minute nothing new falls out of the window: span ends pay for one clock read only.
    if (current === this.#prunedAt) return current;
    this.#prunedAt = current;
    const oldestKept = current - this.#retentionMinutes + 1;
    for (const minute of this.#buckets.keys()) if (minute < oldestKept) this.#buckets.delete(minute);
    return current;
  }
}
