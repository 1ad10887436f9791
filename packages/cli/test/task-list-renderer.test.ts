import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../src/run/run-event.js';
import { taskListRenderer } from '../src/run/task-list-renderer.js';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

const envelope = (seq: number) => ({ v: 2, seq, ts: '2026-01-01T00:00:00.000Z', crewId: 'c' }) as const;
const events: RunEvent[] = [
  { ...envelope(1), kind: 'run.started', target: 'c', stream: false, process: 'sequential', tasks: ['a', 'b', 'c'] },
  { ...envelope(2), kind: 'task.started', taskId: 'a', agentId: 'w', agentRole: 'W', attempt: 1 },
  { ...envelope(3), kind: 'task.completed', taskId: 'a', agentId: 'w', success: true, durationMs: 1200 },
  {
    ...envelope(4),
    kind: 'task.completed',
    taskId: 'b',
    success: false,
    durationMs: 300,
    error: { code: 'X', message: 'boom' },
  },
  {
    ...envelope(5),
    kind: 'task.completed',
    taskId: 'c',
    success: false,
    durationMs: 0,
    skipped: true,
    reason: 'b failed',
  },
];

describe('task list', () => {
  it('off a terminal, writes one plain line per finished task', () => {
    const output = capture(false);
    const renderer = taskListRenderer(output.stream);
    for (const event of events) renderer.onEvent(event);
    renderer.stop();
    expect(output.text()).toBe('✓ a (w) 1.2 s\n✗ b 0.3 s: boom\n⊘ c 0.0 s skipped\n');
  });

  it('on a terminal, redraws the whole list in place with a spinner for running tasks', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(events[0] as RunEvent);
    renderer.onEvent(events[1] as RunEvent);
    renderer.stop();
    const text = output.text();
    expect(text).toContain('\u001b[3A');
    expect(text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] a \(w\) 0\.\d s/);
    expect(text).toContain('· b');
  });
});
