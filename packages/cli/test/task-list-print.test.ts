import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../src/run/run-event.js';
import { taskListRenderer } from '../src/run/task-list-renderer.js';
import { capture, screen } from './terminal-screen.js';

const envelope = (seq: number) => ({ v: 2, seq, ts: '2026-01-01T00:00:00.000Z', crewId: 'c' }) as const;
const started: RunEvent[] = [
  { ...envelope(1), kind: 'run.started', target: 'c', stream: false, process: 'sequential', tasks: ['a', 'b'] },
  { ...envelope(2), kind: 'task.started', taskId: 'a', agentId: 'researcher', agentRole: 'R', attempt: 1 },
];
const retry = (extra: Partial<RunEvent> = {}): RunEvent =>
  ({
    ...envelope(3),
    kind: 'model.retry',
    agentId: 'researcher',
    taskId: 'a',
    provider: 'openai',
    model: 'gpt-test',
    retry: 1,
    maxRetries: 10,
    delayMs: 1000,
    reason: 'connection refused at http://127.0.0.1:5999/v1',
    ...extra,
  }) as RunEvent;
const completed: RunEvent = {
  ...envelope(4),
  kind: 'task.completed',
  taskId: 'a',
  agentId: 'researcher',
  success: true,
  durationMs: 1200,
};

describe('task list: lines above the list', () => {
  it('off a terminal, a model retry is one plain line', () => {
    const output = capture(false);
    const renderer = taskListRenderer(output.stream);
    for (const event of started) renderer.onEvent(event);
    renderer.onEvent(retry());
    renderer.onEvent(retry({ retry: 2, delayMs: 2000, reason: 'HTTP 503: The engine is overloaded.' } as never));
    renderer.stop();
    expect(output.text()).toBe(
      'researcher: model request failed (connection refused at http://127.0.0.1:5999/v1); retry 1 of 10 in 1 s\n' +
        'researcher: model request failed (HTTP 503: The engine is overloaded.); retry 2 of 10 in 2 s\n',
    );
  });

  it('on a terminal, the line goes above the live list, which is redrawn beneath it and stays there', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    for (const event of started) renderer.onEvent(event);
    renderer.onEvent(retry());
    expect(screen(output.text())).toEqual([
      'researcher: model request failed (connection refused at http://127.0.0.1:5999/v1); retry 1 of 10 in 1 s',
      expect.stringMatching(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] a \(researcher\) \d\.\d s$/),
      '· b',
    ]);
    renderer.print('a log line');
    renderer.onEvent(completed);
    renderer.stop();
    expect(screen(output.text())).toEqual([
      'researcher: model request failed (connection refused at http://127.0.0.1:5999/v1); retry 1 of 10 in 1 s',
      'a log line',
      '✓ a (researcher) 1.2 s',
      '· b',
    ]);
  });

  it('after stop, a printed line goes under the final list', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    for (const event of started) renderer.onEvent(event);
    renderer.onEvent(completed);
    renderer.stop();
    renderer.print('done');
    expect(screen(output.text())).toEqual(['✓ a (researcher) 1.2 s', '· b', 'done']);
  });

  it('a reason that quotes the provider stays on one line, its control characters shown as escapes', () => {
    const output = capture(false);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(
      retry({ reason: 'HTTP 500: bad\ngateway \u001b[2Kgone', delayMs: 150, agentId: undefined } as never),
    );
    expect(output.text()).toBe(
      'openai: model request failed (HTTP 500: bad gateway \\u{1b}[2Kgone); retry 1 of 10 in 0.15 s\n',
    );
  });
});
