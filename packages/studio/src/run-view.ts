// Folds a run's events into what the page shows. Shared by the server (run summaries) and the
// page (live state), so both read a run the same way; no Node.js imports here.
import type { RunEvent } from '@orkeon/core/run-events';

export type StudioRunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface TaskView {
  readonly id: string;
  agent?: string;
  state: 'waiting' | 'running' | 'completed' | 'failed' | 'skipped' | 'reused';
  /** `ts` of its `task.started`, in ms since the epoch. */
  startedAt?: number;
  durationMs?: number;
  tokens?: number;
  toolCalls?: number;
  output?: string;
  error?: { code: string; message: string };
}

export interface ToolInFlight {
  readonly correlationId: string;
  readonly toolName: string;
  readonly taskId?: string;
  readonly startedAt: number;
}

/** A run as its events tell it so far. */
export interface RunView {
  status: StudioRunStatus;
  target?: string;
  process?: string;
  tasks: TaskView[];
  tokens: number;
  costUsd?: number;
  durationMs?: number;
  output?: string;
  error?: { code: string; message: string };
  toolsInFlight: ToolInFlight[];
  /** Model and tool calls so far. */
  modelCalls: number;
  toolCalls: number;
  /** The `seq` of the last event folded in. */
  lastSeq: number;
}

export function emptyRunView(): RunView {
  return { status: 'running', tasks: [], tokens: 0, toolsInFlight: [], modelCalls: 0, toolCalls: 0, lastSeq: 0 };
}

/** Adds one event to `view` (changed in place, for a page that takes a thousand events a second) and returns it. */
export function foldRunEvent(view: RunView, event: RunEvent): RunView {
  view.lastSeq = Math.max(view.lastSeq, event.seq);
  switch (event.kind) {
    case 'run.started':
      view.target = event.target;
      if (event.process !== undefined) view.process = event.process;
      for (const id of event.tasks ?? []) if (taskOf(view, id) === undefined) view.tasks.push({ id, state: 'waiting' });
      break;
    case 'task.started': {
      const task = taskOf(view, event.taskId) ?? addTask(view, event.taskId);
      task.state = 'running';
      task.agent = event.agentRole;
      task.startedAt = Date.parse(event.ts);
      break;
    }
    case 'task.completed': {
      const task = taskOf(view, event.taskId) ?? addTask(view, event.taskId);
      task.state =
        event.skipped === true ? 'skipped' : event.reused === true ? 'reused' : event.success ? 'completed' : 'failed';
      if (event.agentRole !== undefined) task.agent = event.agentRole;
      task.durationMs = event.durationMs;
      if (event.tokens !== undefined) task.tokens = event.tokens;
      if (event.toolCalls !== undefined) task.toolCalls = event.toolCalls;
      if (event.output !== undefined) task.output = event.output;
      if (event.error !== undefined) task.error = event.error;
      break;
    }
    case 'tool.called':
      view.toolCalls++;
      view.toolsInFlight.push({
        correlationId: event.correlationId ?? `seq-${event.seq}`,
        toolName: event.toolName,
        ...(event.taskId === undefined ? {} : { taskId: event.taskId }),
        startedAt: Date.parse(event.ts),
      });
      break;
    case 'tool.returned': {
      const index = view.toolsInFlight.findIndex((call) => call.correlationId === event.correlationId);
      if (index >= 0) view.toolsInFlight.splice(index, 1);
      break;
    }
    case 'cost.updated':
      view.modelCalls++;
      view.tokens = event.tokens;
      if (event.costUsd !== undefined) view.costUsd = event.costUsd;
      break;
    case 'run.finished':
      view.status = event.interrupted === true ? 'cancelled' : event.success ? 'completed' : 'failed';
      view.tokens = event.tokens;
      view.durationMs = event.durationMs;
      if (event.costUsd !== undefined) view.costUsd = event.costUsd;
      if (event.output !== undefined) view.output = event.output;
      if (event.error !== undefined) view.error = event.error;
      view.toolsInFlight = [];
      for (const task of view.tasks) if (task.state === 'running') task.state = 'failed';
      break;
    default:
      break;
  }
  return view;
}

function taskOf(view: RunView, id: string): TaskView | undefined {
  return view.tasks.find((task) => task.id === id);
}

function addTask(view: RunView, id: string): TaskView {
  const task: TaskView = { id, state: 'waiting' };
  view.tasks.push(task);
  return task;
}
