import { type Attributes, type HrTime, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { SpanRecord } from './trace-record.js';

/**
 * What the ring buffer keeps of an ended span: one small object instead of the SDK's span
 * (a dozen objects with its times, context, links, events and limits), so that a full
 * buffer costs the garbage collector less. The attributes object is the span's own, which
 * the SDK no longer changes once the span has ended.
 */
export interface KeptSpan {
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly scope: string;
  readonly startMilliseconds: number;
  readonly durationMilliseconds: number;
  readonly failed: boolean;
  readonly statusMessage: string | undefined;
  readonly attributes: Attributes;
}

export function keptSpanOf(span: ReadableSpan): KeptSpan {
  const failed = span.status.code === SpanStatusCode.ERROR;
  return {
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    scope: span.instrumentationScope.name,
    startMilliseconds: milliseconds(span.startTime),
    durationMilliseconds: milliseconds(span.duration),
    failed,
    statusMessage: failed ? span.status.message : undefined,
    attributes: span.attributes,
  };
}

/** A plain copy of a kept span, as the explorer answers it. */
export function spanRecordOf(traceId: string, span: KeptSpan): SpanRecord {
  return {
    traceId,
    spanId: span.spanId,
    ...(span.parentSpanId === undefined ? {} : { parentSpanId: span.parentSpanId }),
    name: span.name,
    scope: span.scope,
    startTime: new Date(span.startMilliseconds),
    endTime: new Date(span.startMilliseconds + span.durationMilliseconds),
    durationMilliseconds: span.durationMilliseconds,
    status: span.failed ? 'error' : 'ok',
    ...(span.statusMessage === undefined ? {} : { statusMessage: span.statusMessage }),
    attributes: { ...span.attributes },
  };
}

function milliseconds([seconds, nanoseconds]: HrTime): number {
  return seconds * 1000 + nanoseconds / 1e6;
}
