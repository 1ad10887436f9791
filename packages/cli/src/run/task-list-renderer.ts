import type { RunEvent } from './run-event.js';

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface TaskLine {
  state: 'waiting' | 'running' | 'completed' | 'failed' | 'skipped' | 'reused';
  agent?: string;
  startedAt?: number;
  durationMs?: number;
}

/**
 * The live task list of `orkeon run` on a terminal: one line per task with a
 * spinner and the elapsed time while it runs, redrawn in place. Off a terminal,
 * each finished task is written once, as a plain line.
 */
export function taskListRenderer(output: NodeJS.WritableStream & { isTTY?: boolean }): {
  onEvent: (event: RunEvent) => void;
  stop: () => void;
} {
  const live = output.isTTY === true;
  const lines = new Map<string, TaskLine>();
  let drawn = 0;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;

  const describe = (id: string, line: TaskLine): string => {
    const agent = line.agent === undefined ? '' : ` (${line.agent})`;
    const elapsed =
      line.durationMs !== undefined
        ? ` ${seconds(line.durationMs)}`
        : line.startedAt !== undefined
          ? ` ${seconds(Date.now() - line.startedAt)}`
          : '';
    const mark =
      line.state === 'running'
        ? (spinner[frame % spinner.length] ?? '*')
        : { waiting: '·', completed: '✓', failed: '✗', skipped: '⊘', reused: '↺' }[line.state];
    const note = line.state === 'skipped' ? ' skipped' : line.state === 'reused' ? ' reused from checkpoint' : '';
    return `${mark} ${id}${agent}${elapsed}${note}`;
  };

  const redraw = () => {
    frame++;
    const text = [...lines].map(([id, line]) => describe(id, line));
    output.write(`${drawn > 0 ? `\u001b[${drawn}A` : ''}${text.map((line) => `\u001b[2K${line}\n`).join('')}`);
    drawn = text.length;
  };

  const onEvent = (event: RunEvent) => {
    switch (event.kind) {
      case 'run.started':
        for (const task of event.tasks ?? []) lines.set(task, { state: 'waiting' });
        if (live) timer = setInterval(redraw, 100);
        break;
      case 'task.started':
        lines.set(event.taskId, {
          state: 'running',
          ...(event.agentId === undefined ? {} : { agent: event.agentId }),
          startedAt: Date.now(),
        });
        break;
      case 'task.completed': {
        const state =
          event.skipped === true
            ? 'skipped'
            : event.reused === true
              ? 'reused'
              : event.success
                ? 'completed'
                : 'failed';
        const line: TaskLine = { ...lines.get(event.taskId), state, durationMs: event.durationMs };
        lines.set(event.taskId, line);
        if (!live)
          output.write(
            `${describe(event.taskId, line)}${event.error === undefined ? '' : `: ${event.error.message}`}\n`,
          );
        break;
      }
      default:
        return;
    }
    if (live) redraw();
  };

  return {
    onEvent,
    stop: () => {
      if (timer !== undefined) clearInterval(timer);
      if (live && lines.size > 0) redraw();
    },
  };
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
