import type { Attributes } from '@opentelemetry/api';

/** How a span or a trace ended: `error` when a span set an error status, else `ok` (`unset` counts as ok). */
export type TraceStatus = 'ok' | 'error';

/** One ended span, copied out of the SDK so that the buffer holds plain data. */
export interface SpanRecord {
  readonly traceId: string;
  readonly spanId: string;
  /** Absent on the trace's root span. */
  readonly parentSpanId?: string;
  /** E.g. `crew.run`, `invoke_agent writer`, `chat gpt-4o`, `execute_tool file_read`. */
  readonly name: string;
  /** The instrumentation scope that made it (`orkeon` for Orkeon's own spans). */
  readonly scope: string;
  readonly startTime: Date;
  readonly endTime: Date;
  readonly durationMilliseconds: number;
  readonly status: TraceStatus;
  /** The error status message, when there is one. */
  readonly statusMessage?: string;
  readonly attributes: Attributes;
}

/** The spans sharing one trace id: a run's `crew.run` or `invoke_agent` root and its children. */
export interface TraceRecord {
  readonly traceId: string;
  /** The root span's name, or the earliest span's while the root has not ended. */
  readonly rootName: string;
  /** True once the root span (the one with no parent) has ended. */
  readonly complete: boolean;
  readonly startTime: Date;
  readonly endTime: Date;
  readonly durationMilliseconds: number;
  /** `error` when any span of the trace failed. */
  readonly status: TraceStatus;
  /** The ended spans, in the order they ended (children before their parent). */
  readonly spans: readonly SpanRecord[];
}
