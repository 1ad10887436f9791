import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OrkeonAttributes } from '@orkeon/core';
import type { MinuteBuckets } from './minute-activity.js';
import type { SpanCounts } from './span-counts.js';
import type { TraceRingBuffer } from './trace-ring-buffer.js';

/**
 * Joins the tracer provider and feeds the aggregation and the ring buffer from the spans
 * the framework emits: `crew.run` and task `invoke_agent` spans as they start and end,
 * and every ended span of a monitored scope. Runs inside `span.end()`, so it only counts
 * and keeps a small copy of each span; records are made when a trace is read.
 */
export class MonitoringSpanProcessor implements SpanProcessor {
  readonly #scopePrefix: string;
  readonly #spans: SpanCounts;
  readonly #minutes: MinuteBuckets;
  readonly #buffer: TraceRingBuffer;

  constructor(options: { scopePrefix: string; spans: SpanCounts; minutes: MinuteBuckets; buffer: TraceRingBuffer }) {
    this.#scopePrefix = options.scopePrefix;
    this.#spans = options.spans;
    this.#minutes = options.minutes;
    this.#buffer = options.buffer;
  }

  onStart(span: Span): void {
    if (!span.instrumentationScope.name.startsWith(this.#scopePrefix)) return;
    if (span.name === 'crew.run') this.#spans.activeCrews++;
    else if (isTask(span)) this.#spans.activeTasks++;
  }

  onEnd(span: ReadableSpan): void {
    if (!span.instrumentationScope.name.startsWith(this.#scopePrefix)) return;
    if (span.name === 'crew.run') {
      this.#spans.crewEnded();
      this.#minutes.count('crewExecutions');
    } else if (isTask(span)) {
      this.#spans.taskEnded();
      this.#minutes.count('taskExecutions');
    } else if (span.name.startsWith('chat ')) this.#minutes.count('llmCalls');
    else if (span.name.startsWith('execute_tool ')) this.#minutes.count('toolExecutions');
    if (span.status.code === SpanStatusCode.ERROR) this.#minutes.count('failedSpans');
    this.#buffer.add(span);
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}

/** An agent's work on a task: the `invoke_agent` span of a crew's task (scripts' calls carry no task id). */
function isTask(span: ReadableSpan): boolean {
  return span.name.startsWith('invoke_agent ') && span.attributes[OrkeonAttributes.taskId] !== undefined;
}
