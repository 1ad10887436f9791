import { visibleText } from '../visible-text.js';
import type { RunEvent, RunEventOf } from './run-event.js';
import { RunProgress, type ToolCallInFlight } from './run-progress.js';

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface TaskLine {
  state: 'waiting' | 'running' | 'completed' | 'failed' | 'skipped' | 'reused';
  agent?: string;
  startedAt?: number;
  durationMs?: number;
}

export interface TaskListRenderer {
  onEvent: (event: RunEvent) => void;
  /** Writes `line` above the live list, which is drawn again below it; off a terminal, writes it plainly. */
  print: (line: string) => void;
  stop: () => void;
}

/**
 * The live task list of `orkeon run` on a terminal: one line per task with a
 * spinner and the elapsed time while it runs, a line under it per tool call under
 * way, and under the list the run's tokens and estimated cost so far, redrawn in
 * place. Off a terminal, each finished task is written once, as a plain line. A
 * model retry is one line above the list.
 */
export function taskListRenderer(output: NodeJS.WritableStream & { isTTY?: boolean }): TaskListRenderer {
  const live = output.isTTY === true;
  const lines = new Map<string, TaskLine>();
  const progress = new RunProgress();
  let drawn = 0;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

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

  // Only on a terminal: the tool calls under their task, the others (a call without a listed task) after the list.
  const screen = (): string[] => {
    const calls = progress.toolCalls();
    const text: string[] = [];
    for (const [id, line] of lines) {
      text.push(describe(id, line));
      for (const call of calls) if (call.taskId === id) text.push(`  ${describeCall(call, false)}`);
    }
    for (const call of calls)
      if (call.taskId === undefined || !lines.has(call.taskId)) text.push(describeCall(call, true));
    if (progress.tokens !== undefined) text.push(totalsLine(progress.tokens, progress.costUsd));
    return text;
  };

  const redraw = () => {
    frame++;
    const text = screen();
    // Erase below when the list got shorter (a tool call returned), or its old last lines would stay.
    const shorter = text.length < drawn ? '\u001b[0J' : '';
    output.write(
      `${drawn > 0 ? `\u001b[${drawn}A` : ''}${text.map((line) => `\u001b[2K${line}\n`).join('')}${shorter}`,
    );
    drawn = text.length;
  };

  const print = (line: string) => {
    if (!live || stopped || drawn === 0) {
      output.write(`${line}\n`);
      return;
    }
    // Up to the list's first line, clear from there down, then the line, then the list under it.
    output.write(`\u001b[${drawn}A\u001b[0J${line}\n`);
    drawn = 0;
    redraw();
  };

  const onEvent = (event: RunEvent) => {
    const changed = progress.record(event, Date.now());
    switch (event.kind) {
      case 'model.retry':
        print(retryLine(event));
        return;
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
        // Tokens, cost and tool calls are shown only on a terminal; the plain lines stay as they were.
        if (live && changed) redraw();
        return;
    }
    if (live) redraw();
  };

  return {
    onEvent,
    print,
    stop: () => {
      if (stopped) return;
      if (timer !== undefined) clearInterval(timer);
      // The final list keeps the totals; a call still under way ended with the run.
      progress.endToolCalls();
      if (live && (lines.size > 0 || drawn > 0)) redraw();
      stopped = true;
    },
  };
}

/** `↳ web_fetch 2.1 s`, with the agent when the call has no task line to stand under. */
function describeCall(call: ToolCallInFlight, alone: boolean): string {
  const agent = alone && call.agentId !== undefined ? ` (${call.agentId})` : '';
  // The name is the one the model asked for: one line, and no escape sequence reaches the terminal.
  return `↳ ${visibleText(call.toolName.replace(/\s+/g, ' '))}${agent} ${seconds(Date.now() - call.startedAt)}`;
}

/** `1,234 tokens · estimated cost $0.0123`: the run's totals, the cost only when a model used has a price. */
function totalsLine(tokens: number, costUsd: number | undefined): string {
  const count = `${tokens.toLocaleString('en-US')} ${tokens === 1 ? 'token' : 'tokens'}`;
  return costUsd === undefined ? count : `${count} · estimated cost ${dollars(costUsd)}`;
}

/** Cents from a dollar up; below it four decimals, since one model call often costs a fraction of a cent. */
function dollars(amount: number): string {
  if (amount >= 1) return `$${amount.toFixed(2)}`;
  return amount < 0.0001 ? 'under $0.0001' : `$${amount.toFixed(4)}`;
}

/** `researcher: model request failed (connection refused at …); retry 1 of 10 in 1 s`, on one line. */
function retryLine(event: RunEventOf<'model.retry'>): string {
  const who = event.agentId ?? event.provider;
  // The reason may quote the provider's answer: one line, and no escape sequence reaches the terminal.
  const reason = visibleText(event.reason.replace(/\s+/g, ' ').trim());
  const wait = event.delayMs === 0 ? 'now' : `in ${shortSeconds(event.delayMs)}`;
  return `${who}: model request failed (${reason}); retry ${event.retry} of ${event.maxRetries} ${wait}`;
}

function shortSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(milliseconds < 1000 ? 2 : 1))} s`;
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
