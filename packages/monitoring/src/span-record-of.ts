import { type HrTime, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { SpanRecord } from './trace-record.js';

/** A plain copy of an ended span, as the explorer answers it. */
export function spanRecordOf(span: ReadableSpan): SpanRecord {
  const { traceId, spanId } = span.spanContext();
  const parentSpanId = span.parentSpanContext?.spanId;
  const failed = span.status.code === SpanStatusCode.ERROR;
  return {
    traceId,
    spanId,
    ...(parentSpanId === undefined ? {} : { parentSpanId }),
    name: span.name,
    scope: span.instrumentationScope.name,
    startTime: new Date(milliseconds(span.startTime)),
    endTime: new Date(milliseconds(span.endTime)),
    durationMilliseconds: milliseconds(span.duration),
    status: failed ? 'error' : 'ok',
    ...(failed && span.status.message !== undefined ? { statusMessage: span.status.message } : {}),
    attributes: { ...span.attributes },
  };
}

function milliseconds([seconds, nanoseconds]: HrTime): number {
  return seconds * 1000 + nanoseconds / 1e6;
}
