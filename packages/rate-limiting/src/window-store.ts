import type { SegmentCounts } from './sliding-window.js';

/** One window to count a call in, and the most calls it may hold (above 0). */
export interface WindowLimit {
  readonly key: string;
  readonly limit: number;
}

/** Counted in every window, with each window's total including this call; or refused by the first full one. */
export type WindowAcquisition =
  | { readonly acquired: true; readonly totals: readonly number[] }
  | { readonly acquired: false; readonly deniedBy: number; readonly counts: SegmentCounts };

/**
 * Where the windows are counted. `acquire` is atomic: the windows are judged in order
 * and the call is counted in all of them, or in none when one is full, also with other
 * processes acquiring at the same moment.
 */
export interface SlidingWindowStore {
  acquire(limits: readonly WindowLimit[], now: number): Promise<WindowAcquisition>;
}
