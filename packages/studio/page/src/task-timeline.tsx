import { duration } from './format';

/** One bar of the timeline: a task, where it started and how long it took (running: until now). */
export interface TimelineTask {
  readonly id: string;
  readonly agent?: string;
  /** A CSS class and the word shown: `completed`, `failed`, `running`, … */
  readonly state: string;
  /** ms since the epoch; a task without a start has no bar. */
  readonly startedAt?: number;
  readonly durationMs?: number;
}

/** The tasks of a run as bars on one time axis, from the first start to the last end (or now). */
export function TaskTimeline(props: { tasks: readonly TimelineTask[] }) {
  const { tasks } = props;
  const started = Math.min(...tasks.flatMap((task) => (task.startedAt === undefined ? [] : [task.startedAt])));
  const running = tasks.some((task) => task.startedAt !== undefined && task.durationMs === undefined);
  const end = Math.max(
    running ? Date.now() : Number.NEGATIVE_INFINITY,
    ...tasks.map((task) => (task.startedAt ?? 0) + (task.durationMs ?? 0)),
  );
  const span = Number.isFinite(started) ? Math.max(1, end - started) : 1;
  return (
    <ol class="tasks">
      {tasks.map((task) => {
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
  );
}
