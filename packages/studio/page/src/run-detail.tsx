import { useState } from 'preact/hooks';
import type { RunEvent, StudioRunSummary } from './api';
import type { FollowedRun } from './follow-run';
import { cost, duration } from './format';
import { SpanTree } from './span-tree';

/** One run: its totals, its tasks as a timeline, the tools in flight, its output and its events. */
export function RunDetail(props: {
  summary: StudioRunSummary | undefined;
  followed: FollowedRun | undefined;
  onCancel: () => Promise<void>;
}) {
  const view = props.followed?.view ?? props.summary;
  if (view === undefined) return <p class="hint">Loading…</p>;
  const running = view.status === 'running';
  const started = Math.min(...view.tasks.flatMap((task) => (task.startedAt === undefined ? [] : [task.startedAt])));
  const end = Math.max(Date.now(), ...view.tasks.map((task) => (task.startedAt ?? 0) + (task.durationMs ?? 0)));
  const span = Number.isFinite(started) ? Math.max(1, end - started) : 1;
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
      <ol class="tasks">
        {view.tasks.map((task) => {
          const left = task.startedAt === undefined ? 0 : ((task.startedAt - started) / span) * 100;
          const width =
            task.startedAt === undefined ? 0 : (((task.durationMs ?? Date.now() - task.startedAt) || 1) / span) * 100;
          return (
            <li key={task.id} class={`task ${task.state}`} data-task={task.id}>
              <span class="task-name">
                {task.id}
                {task.agent === undefined ? '' : ` (${task.agent})`}
              </span>
              <span class="task-state">{task.state}</span>
              <span class="bar" aria-hidden="true">
                <span style={{ left: `${left}%`, width: `${Math.max(width, 0.5)}%` }} />
              </span>
              <span class="task-time">{duration(task.durationMs)}</span>
            </li>
          );
        })}
      </ol>
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
          <SpanTree runId={props.summary.id} traceId={props.summary.traceId} running={running} />
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
