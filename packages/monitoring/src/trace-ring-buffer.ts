import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { type KeptSpan, keptSpanOf, spanRecordOf } from './span-record-of.js';
import type { TraceRecord } from './trace-record.js';

interface MutableTrace {
  readonly traceId: string;
  /** The ended spans, in the order they ended: copied out only when the trace is read. */
  readonly spans: KeptSpan[];
}

/**
 * The last `capacity` traces, bounded by traces (not spans): each ended span joins its
 * trace, which becomes the most recent one; a new trace beyond the capacity drops the
 * trace least recently updated. A Map keeps insertion order, so moving a trace to the
 * end on each update makes the first entry the one to drop.
 */
export class TraceRingBuffer {
  readonly #capacity: number;
  readonly #traces = new Map<string, MutableTrace>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#traces.size;
  }

  add(span: ReadableSpan): void {
    const traceId = span.spanContext().traceId;
    const kept = keptSpanOf(span);
    const existing = this.#traces.get(traceId);
    if (existing !== undefined) {
      this.#traces.delete(traceId);
      existing.spans.push(kept);
      this.#traces.set(traceId, existing);
      return;
    }
    this.#traces.set(traceId, { traceId, spans: [kept] });
    if (this.#traces.size > this.#capacity) {
      const oldest = this.#traces.keys().next().value;
      if (oldest !== undefined) this.#traces.delete(oldest);
    }
  }

  get(traceId: string): TraceRecord | undefined {
    const trace = this.#traces.get(traceId);
    return trace === undefined ? undefined : toRecord(trace);
  }

  /** Every trace, the most recently updated first. */
  *newestFirst(): Generator<TraceRecord> {
    const traces = [...this.#traces.values()];
    for (let index = traces.length - 1; index >= 0; index--) {
      const trace = traces[index];
      if (trace !== undefined) yield toRecord(trace);
    }
  }
}

function toRecord(trace: MutableTrace): TraceRecord {
  const spans = trace.spans.map((span) => spanRecordOf(trace.traceId, span));
  const root = spans.find((span) => span.parentSpanId === undefined);
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let earliest = spans[0];
  for (const span of spans) {
    if (span.startTime.getTime() < start) {
      start = span.startTime.getTime();
      earliest = span;
    }
    end = Math.max(end, span.endTime.getTime());
  }
  return {
    traceId: trace.traceId,
    rootName: (root ?? earliest)?.name ?? '',
    complete: root !== undefined,
    startTime: new Date(start),
    endTime: new Date(end),
    durationMilliseconds: root?.durationMilliseconds ?? end - start,
    status: spans.some((span) => span.status === 'error') ? 'error' : 'ok',
    spans,
  };
}
