import { serviceToken } from '@orkeon/core';
import { MonitoringQueryInvalidError } from './monitoring-errors.js';
import type { TraceRecord, TraceStatus } from './trace-record.js';
import type { TraceRingBuffer } from './trace-ring-buffer.js';

/** What `searchTraces` matches; every field given must match. */
export interface TraceQuery {
  /**
   * An operation: a trace matches when one of its spans is named exactly this, or this
   * followed by a space (`invoke_agent` matches `invoke_agent writer`, `chat` matches `chat gpt-4o`).
   */
  readonly operationName?: string;
  /** Traces that started at or after this. */
  readonly from?: Date;
  /** Traces that started at or before this. */
  readonly to?: Date;
  readonly status?: TraceStatus;
  /** At most this many, the most recently updated first. Default 50. */
  readonly limit?: number;
}

const defaultLimit = 50;

/**
 * Reads the ring buffer of recent traces (`Svc:Monitoring:MaxTraceHistory`). Every answer
 * is a copy: what a caller does with it never changes the buffer.
 */
export class TraceExplorer {
  readonly #buffer: TraceRingBuffer;

  constructor(buffer: TraceRingBuffer) {
    this.#buffer = buffer;
  }

  /** The `count` most recently updated traces, newest first. */
  getRecentTraces(count = defaultLimit): TraceRecord[] {
    return this.searchTraces({ limit: checkedCount('count', count) });
  }

  getTraceById(traceId: string): TraceRecord | undefined {
    return this.#buffer.get(traceId);
  }

  /** The traces matching every field of `query`, newest first. */
  searchTraces(query: TraceQuery = {}): TraceRecord[] {
    const limit = checkedCount('limit', query.limit ?? defaultLimit);
    if (query.from !== undefined && query.to !== undefined && query.from.getTime() > query.to.getTime())
      throw new MonitoringQueryInvalidError(
        `The trace query's 'from' (${query.from.toISOString()}) is after its 'to' (${query.to.toISOString()}); give a range whose start comes first.`,
      );
    const found: TraceRecord[] = [];
    for (const trace of this.#buffer.newestFirst()) {
      if (found.length >= limit) break;
      if (matches(trace, query)) found.push(trace);
    }
    return found;
  }
}

/** Where the registered `TraceExplorer` is resolved (`addSvcMonitoring`). */
export const TraceExplorerService = serviceToken<TraceExplorer>('TraceExplorer');

function matches(trace: TraceRecord, query: TraceQuery): boolean {
  if (query.status !== undefined && trace.status !== query.status) return false;
  if (query.from !== undefined && trace.startTime.getTime() < query.from.getTime()) return false;
  if (query.to !== undefined && trace.startTime.getTime() > query.to.getTime()) return false;
  const operation = query.operationName;
  if (operation !== undefined)
    return trace.spans.some((span) => span.name === operation || span.name.startsWith(`${operation} `));
  return true;
}

function checkedCount(name: string, value: number): number {
  if (Number.isInteger(value) && value > 0) return value;
  throw new MonitoringQueryInvalidError(
    `The trace query's '${name}' is ${String(value)}; give a positive whole number, e.g. 50.`,
  );
}
