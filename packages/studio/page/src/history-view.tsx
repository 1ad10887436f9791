import { useEffect, useState } from 'preact/hooks';
import { api, type StudioPastRun, type StudioPastRunDetail } from './api';
import { cost, duration } from './format';
import { SpanTree } from './span-tree';
import { TaskTimeline } from './task-timeline';

/**
 * Recorded runs, newest first: those of `orkeon run`, `orkeon serve` and earlier Studios too (the state store's
 * checkpoints and the execution states). A run opens to its totals, its task timeline, its outputs and its spans.
 */
export function HistoryView() {
  const [state, setState] = useState<{ enabled: boolean; runs: StudioPastRun[] } | undefined>();
  const [open, setOpen] = useState<StudioPastRunDetail | undefined>();
  useEffect(() => {
    api
      .history()
      .then(setState)
      .catch(() => {});
  }, []);
  if (state === undefined) return <p class="hint">Loading…</p>;
  return (
    <section aria-label="History">
      <h2>History</h2>
      {!state.enabled ? (
        <p class="hint">No state store: runs are not recorded (see docs/checkpointing.md).</p>
      ) : state.runs.length === 0 ? (
        <p class="hint">No recorded runs yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">crew</th>
              <th scope="col">status</th>
              <th scope="col">started</th>
              <th scope="col">duration</th>
              <th scope="col">tokens</th>
              <th scope="col">cost</th>
            </tr>
          </thead>
          <tbody>
            {state.runs.map((run) => (
              <tr key={run.id}>
                <td>
                  <button
                    type="button"
                    class="link"
                    onClick={() =>
                      void api
                        .pastRun(run.id)
                        .then(setOpen)
                        .catch(() => {})
                    }
                  >
                    {run.crewId}
                  </button>
                </td>
                <td>
                  <span class={`status ${statusClass(run.status)}`}>{run.status.toLowerCase()}</span>
                </td>
                <td>{new Date(run.createdAt).toLocaleString()}</td>
                <td>{duration(run.durationSeconds * 1000)}</td>
                <td>{run.tokens ?? '–'}</td>
                <td>{cost(run.costUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open === undefined ? null : <PastRun run={open} />}
    </section>
  );
}

/** The words of a recorded status as the Runs view colours them. */
function statusClass(status: string): string {
  if (status === 'Completed') return 'completed';
  if (status === 'Failed') return 'failed';
  if (status === 'Running' || status === 'Created') return 'running';
  return 'cancelled';
}

function PastRun(props: { run: StudioPastRunDetail }) {
  const { run } = props;
  const output = run.output ?? [...run.tasks].reverse().find((task) => task.output !== undefined)?.output;
  return (
    <section class="session" aria-label="Recorded run">
      <div class="run-head">
        <h3>
          {run.crewId} <span class={`status ${statusClass(run.status)}`}>{run.status.toLowerCase()}</span>{' '}
          <span class="hint">{run.id}</span>
        </h3>
        <dl class="totals">
          <dt>Tokens</dt>
          <dd>{run.tokens ?? '–'}</dd>
          <dt>Cost</dt>
          <dd>{cost(run.costUsd)}</dd>
          <dt>Duration</dt>
          <dd>{duration(run.durationSeconds * 1000)}</dd>
          <dt>Tool calls</dt>
          <dd>{run.toolCalls ?? '–'}</dd>
        </dl>
      </div>
      {run.error === undefined ? null : <p class="problem">{run.error}</p>}
      <h4>Tasks</h4>
      <TaskTimeline
        tasks={run.tasks.map((task) => {
          const ended = Date.parse(task.endedAt);
          const started = task.startedAt === undefined ? undefined : Date.parse(task.startedAt);
          return {
            id: task.taskId,
            state: task.status.toLowerCase(),
            ...(started === undefined ? {} : { startedAt: started, durationMs: ended - started }),
          };
        })}
      />
      <table>
        <thead>
          <tr>
            <th scope="col">task</th>
            <th scope="col">status</th>
            <th scope="col">ended</th>
            <th scope="col">retries</th>
            <th scope="col">output</th>
          </tr>
        </thead>
        <tbody>
          {run.tasks.map((task) => (
            <tr key={task.taskId}>
              <td>{task.taskId}</td>
              <td>{task.status}</td>
              <td>{new Date(task.endedAt).toLocaleTimeString()}</td>
              <td>{task.retryCount}</td>
              <td>
                {task.error ?? (
                  <details>
                    <summary>{(task.output ?? '').slice(0, 60) || '–'}</summary>
                    <pre class="session-output">{task.output}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {output === undefined ? null : (
        <>
          <h4>Output</h4>
          <pre class="output">{output}</pre>
        </>
      )}
      <h4>Spans</h4>
      <SpanTree
        load={() => api.pastTrace(run.id)}
        traceKey={run.id}
        running={false}
        missing="No spans of this run: the monitoring backend keeps the recent traces of this process only."
      />
    </section>
  );
}
