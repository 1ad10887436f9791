import { InvalidHistoryLimitError } from './checkpoint-errors.js';
import type { HistoryOptions } from './state-store.js';
import { timestampMilliseconds } from './state-validation.js';

interface Ordered {
  readonly sessionId: string;
  readonly updatedAt: string;
}

/**
 * Newest `updatedAt` first; equal times by session id, descending, so that every store
 * (and SQL `ORDER BY updated_at DESC, session_id DESC`) agrees on ties.
 */
export function newestSessionFirst(left: Ordered, right: Ordered): number {
  const byTime = timestampMilliseconds(right.updatedAt) - timestampMilliseconds(left.updatedAt);
  if (byTime !== 0) return byTime;
  return left.sessionId < right.sessionId ? 1 : left.sessionId > right.sessionId ? -1 : 0;
}

/** The history limit asked for, checked; `undefined` means the whole history. */
export function historyLimit(options: HistoryOptions | undefined): number | undefined {
  const limit = options?.limit;
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidHistoryLimitError(limit);
  return limit;
}
