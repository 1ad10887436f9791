import { useState } from 'preact/hooks';
import { api, type RunEvent, type StudioRunSummary } from './api';
import type { FollowedRun } from './follow-run';
import { cost, duration } from './format';
import { SpanTree } from './span-tree';
import { TaskTimeline } from './task-timeline';

/** One run: its totals, its tasks as a timeline, the tools in flight, its output and its events. */
export function RunDetail(props: {
  summary: StudioRunSummary | undefined;
  followed: FollowedRun | undefined;
  onCancel: () => Promise<void>;
}) {
  const view = props.followed?.view ?? props.summary;
  if (view === undefined) return <p class="hint">Loading…</p>;
  const running = view.status === 'running';
  const id = props.summary?.id ?? '';
  return (
    <section class="run-detail" aria-label="Run">
      <div class="run-head">
        <h2>
          {props.summary?.crew ?? view.target} <span class={`status ${view.status}`}>{view.status}</span>
        </h2>
        <dl class="totals">
          <dt>Tokens</dt>
          <dd data-testid="tokens">{view.tokens}</dd>
          <dt>Cost</dt>
          <dd>{cost(view.costUsd)}</dd>
          <dt>Duration</dt>
          <dd>{duration(view.durationMs)}</dd>
          <dt>Model calls</dt>
          <dd>{view.modelCalls}</dd>
          <dt>Tool calls</dt>
          <dd>{view.toolCalls}</dd>
        </dl>
        {running ? (
          <button type="button" class="cancel" onClick={() => void props.onCancel()}>
            Cancel run
          </button>
        ) : null}
      </div>
      {view.error === undefined ? null : (
        <p class="problem" role="alert">
          {view.error.code}: {view.error.message}
        </p>
      )}
      <h3>Tasks</h3>
      <TaskTimeline tasks={view.tasks} />
      {view.toolsInFlight.length === 0 ? null : (
        <p class="in-flight" aria-live="polite">
          Calling {view.toolsInFlight.map((call) => call.toolName).join(', ')}…
        </p>
      )}
      {view.output === undefined ? null : (
        <>
          <h3>Output</h3>
          <pre class="output">{view.output}</pre>
        </>
      )}
      {props.summary === undefined ? null : (
        <>
          <h3>Spans</h3>
          <SpanTree load={() => api.trace(id)} traceKey={`${id} ${props.summary.traceId ?? ''}`} running={running} />
        </>
      )}
      {props.followed === undefined ? null : (
        <EventLog events={props.followed.log} received={props.followed.received} />
      )}
    </section>
  );
}

function EventLog(props: { events: readonly RunEvent[]; received: number }) {
  const [open, setOpen] = useState<number | undefined>();
  return (
    <>
      <h3>
        Events <span class="count">({props.received})</span>
      </h3>
      <ol class="events">
        {props.events.map((event) => (
          <li key={event.seq}>
            <button
              type="button"
              aria-expanded={open === event.seq}
              onClick={() => setOpen(open === event.seq ? undefined : event.seq)}
            >
              <span class="seq">{event.seq}</span> <span class="kind">{event.kind}</span> {headline(event)}
            </button>
            {open === event.seq ? <pre>{JSON.stringify(event, null, 2)}</pre> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

function headline(event: RunEvent): string {
  switch (event.kind) {
    case 'task.started':
    case 'task.completed':
      return event.taskId;
    case 'tool.called':
    case 'tool.returned':
      return event.toolName;
    case 'input.needed':
      return event.prompt;
    case 'error':
      return `${event.code}: ${event.message}`;
    default:
      return '';
  }
}
