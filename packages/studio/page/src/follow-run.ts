// Follows one run over SSE, folding its events into a view and keeping only the newest events
// for the log: the tab's memory stays flat however long the run goes on.
import { emptyRunView, foldRunEvent, type RunView } from '../../src/run-view';
import type { RunEvent } from './api';

/** Events the log shows; older ones are dropped from it (the view has counted them). */
export const keptLogEvents = 200;

/** The most often a running run is drawn again. */
const publishMs = 100;

export interface FollowedRun {
  readonly view: RunView;
  readonly log: readonly RunEvent[];
  /** Events received in all. */
  readonly received: number;
}

/**
 * Opens the run's event stream and calls `onChange` at most once per animation frame with the
 * state so far; `onAsk` when a question arrives. Returns the stop.
 */
export function followRun(id: string, onChange: (state: FollowedRun) => void, onAsk: () => void): () => void {
  const view = emptyRunView();
  let log: RunEvent[] = [];
  let received = 0;
  let scheduled = false;
  let closed = false;
  const publish = () => {
    scheduled = false;
    if (closed) return;
    if (log.length > keptLogEvents) log = log.slice(-keptLogEvents);
    onChange({ view: { ...view, tasks: view.tasks.map((task) => ({ ...task })) }, log, received });
  };
  let lastPublished = 0;
  const source = new EventSource(`api/runs/${encodeURIComponent(id)}/events`);
  source.onmessage = (message) => {
    const event = JSON.parse(message.data as string) as RunEvent;
    received++;
    foldRunEvent(view, event);
    log.push(event);
    if (log.length > keptLogEvents * 2) log = log.slice(-keptLogEvents);
    if (event.kind === 'input.needed') onAsk();
    if (event.kind === 'run.finished') return publish();
    if (scheduled) return;
    scheduled = true;
    // A busy run is drawn at most every publishMs: drawing is what a tab spends its time on, not folding.
    const wait = Math.max(0, lastPublished + publishMs - performance.now());
    setTimeout(
      () =>
        requestAnimationFrame(() => {
          lastPublished = performance.now();
          publish();
        }),
      wait,
    );
  };
  source.addEventListener('end', () => {
    source.close();
    publish();
  });
  return () => {
    closed = true;
    source.close();
  };
}
