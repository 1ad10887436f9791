import { oldestSegmentOf, type SegmentCounts, segmentAt } from './sliding-window.js';
import type { SlidingWindowStore, WindowAcquisition, WindowLimit } from './window-store.js';

/** The windows of one process: calls counted per segment in a map, judged and counted in one synchronous step. */
export class MemoryWindowStore implements SlidingWindowStore {
  readonly #windows = new Map<string, Map<number, number>>();

  async acquire(limits: readonly WindowLimit[], now: number): Promise<WindowAcquisition> {
    const current = segmentAt(now);
    const oldest = oldestSegmentOf(current);
    const windows = limits.map(({ key }) => this.#window(key, oldest));
    const totals: number[] = [];
    for (const [index, window] of windows.entries()) {
      const total = sum(window);
      if (total >= (limits[index]?.limit ?? 0))
        return { acquired: false, deniedBy: index, counts: [...window.entries()] as SegmentCounts };
      totals.push(total + 1);
    }
    for (const window of windows) window.set(current, (window.get(current) ?? 0) + 1);
    return { acquired: true, totals };
  }

  /** The window of `key` without the segments older than `oldest`. */
  #window(key: string, oldest: number): Map<number, number> {
    let window = this.#windows.get(key);
    if (window === undefined) {
      window = new Map();
      this.#windows.set(key, window);
    }
    for (const segment of window.keys()) if (segment < oldest) window.delete(segment);
    return window;
  }
}

function sum(window: Map<number, number>): number {
  let total = 0;
  for (const count of window.values()) total += count;
  return total;
}
