import type { StudioRunSummary } from './api';
import { cost, duration, time } from './format';

/** The runs of this Studio, newest first. */
export function RunList(props: {
  runs: readonly StudioRunSummary[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <section aria-label="Runs">
      <h2>Runs</h2>
      {props.runs.length === 0 ? <p class="hint">No runs yet.</p> : null}
      <ul class="runs">
        {props.runs.map((run) => (
          <li key={run.id}>
            <button
              type="button"
              class={run.id === props.selected ? 'run selected' : 'run'}
              aria-current={run.id === props.selected ? 'true' : undefined}
              onClick={() => props.onSelect(run.id)}
            >
              <span class={`status ${run.status}`}>{run.status}</span>
              <span class="crew">{run.crew}</span>
              <span class="meta">
                {time(run.startedAt)} · {duration(run.durationMs)} · {run.tokens} tokens · {cost(run.costUsd)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
