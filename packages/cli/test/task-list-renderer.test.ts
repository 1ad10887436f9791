import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { taskListRenderer } from '../src/run/task-list-renderer.js';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

const events = [
  { kind: 'run.started', crew: 'c', process: 'sequential', tasks: ['a', 'b', 'c'], reused: [] },
  { kind: 'task.started', crew: 'c', taskId: 'a', agentId: 'w', agentRole: 'W', attempt: 1 },
  { kind: 'task.completed', crew: 'c', taskId: 'a', agentId: 'w', durationMs: 1200 },
  { kind: 'task.failed', crew: 'c', taskId: 'b', durationMs: 300, error: { code: 'X', message: 'boom' } },
  { kind: 'task.completed', crew: 'c', taskId: 'c', durationMs: 0, skipped: true, reason: 'b failed' },
] as const;

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
    renderer.onEvent(events[0]);
    renderer.onEvent(events[1]);
    renderer.stop();
    const text = output.text();
    expect(text).toContain('\u001b[3A');
    expect(text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] a \(w\) 0\.\d s/);
    expect(text).toContain('· b');
  });
});
