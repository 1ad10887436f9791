import type { RunEvent } from '@orkeon/core/run-events';
import { emptyRunView, foldRunEvent, type RunView } from './run-view.js';

/** A run as the API lists it. */
export interface StudioRunSummary extends RunView {
  readonly id: string;
  readonly crew: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly startedAt: string;
  /** Events dropped from the start of the run's kept events (`MaxEventsPerRun`). */
  readonly eventsDropped: number;
  /** The OpenTelemetry trace of the run, when spans are recorded (the monitoring backend, an exporter). */
  readonly traceId?: string;
}

/**
 * One run started from the page: its events (the last `maxEvents` of them), its view folded
 * from all of them, its stop, and whoever follows it live.
 */
export class StudioRun {
  readonly view: RunView = emptyRunView();
  /** Set from the span active when the run's first events are emitted. */
  traceId: string | undefined;
  readonly #events: RunEvent[] = [];
  #dropped = 0;
  readonly #listeners = new Set<(event: RunEvent) => void>();
  readonly #stop = new AbortController();

  constructor(
    readonly id: string,
    readonly crew: string,
    readonly variables: Readonly<Record<string, string>>,
    readonly startedAt: Date,
    readonly maxEvents: number,
  ) {}

  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  get finished(): boolean {
    return this.view.status !== 'running';
  }

  /** Asks the run to stop: model calls in flight end, nothing new starts (its `run.finished` says interrupted). */
  cancel(): void {
    this.#stop.abort(new Error('cancelled from Studio'));
  }

  add(event: RunEvent): void {
    foldRunEvent(this.view, event);
    this.#events.push(event);
    // Dropping from the front in batches keeps the cost of the bound constant per event.
    if (this.#events.length > this.maxEvents + Math.ceil(this.maxEvents / 4)) {
      const excess = this.#events.length - this.maxEvents;
      this.#events.splice(0, excess);
      this.#dropped += excess;
    }
    for (const listener of this.#listeners) listener(event);
  }

  /** A run that failed before its first event (its crew would not load, the runtime refused it). */
  failBeforeStart(error: { code: string; message: string }): void {
    this.view.status = 'failed';
    this.view.error = error;
    for (const listener of this.#listeners) listener(undefined as never);
  }

  /** The kept events after `seq`, oldest first. */
  eventsAfter(seq: number): RunEvent[] {
    const kept = this.#events.length > this.maxEvents ? this.#events.slice(-this.maxEvents) : this.#events;
    return kept.filter((event) => event.seq > seq);
  }

  /** Calls `listener` with each new event (and with `undefined` when the run fails before starting). */
  follow(listener: (event: RunEvent | undefined) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  summary(): StudioRunSummary {
    const kept = Math.min(this.#events.length, this.maxEvents);
    return {
      ...this.view,
      tasks: this.view.tasks.map((task) => ({ ...task })),
      toolsInFlight: [...this.view.toolsInFlight],
      id: this.id,
      crew: this.crew,
      variables: this.variables,
      startedAt: this.startedAt.toISOString(),
      eventsDropped: this.#dropped + (this.#events.length - kept),
      ...(this.traceId === undefined ? {} : { traceId: this.traceId }),
    };
  }
}
