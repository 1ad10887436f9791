/**
 * The one-minute sliding window: six segments of ten seconds, counted from the Unix
 * epoch so that every process cuts time the same way. A call counts in the segment it
 * was made in and leaves the window when that segment is six segments old.
 */
export const segmentMilliseconds = 10_000;
export const segmentsPerWindow = 6;
export const windowMilliseconds = segmentMilliseconds * segmentsPerWindow;

/** The segment `now` (milliseconds since the epoch) falls in. */
export function segmentAt(now: number): number {
  return Math.floor(now / segmentMilliseconds);
}

/** The oldest segment still inside the window whose newest segment is `current`. */
export function oldestSegmentOf(current: number): number {
  return current - segmentsPerWindow + 1;
}

/** A window's counts: segment number and the calls counted in it. */
export type SegmentCounts = readonly (readonly [segment: number, count: number])[];

/**
 * How long until one more call fits under `limit`: the oldest segments leave the
 * window one by one, each at the end of its sixth segment, until enough calls have left.
 */
export function retryAfterMilliseconds(counts: SegmentCounts, limit: number, now: number): number {
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  let toLeave = total - limit + 1;
  for (const [segment, count] of [...counts].sort(([left], [right]) => left - right)) {
    toLeave -= count;
    if (toLeave <= 0) return Math.max(1, (segment + segmentsPerWindow) * segmentMilliseconds - now);
  }
  // Not reached when the counts are over the limit; a full window is the longest any call waits.
  return windowMilliseconds;
}
