import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventOf } from '../src/run/run-event.js';
import { taskListRenderer } from '../src/run/task-list-renderer.js';
import { capture, screen } from './terminal-screen.js';

let seq = 0;
const envelope = () => ({ v: 2, seq: ++seq, ts: '2026-01-01T00:00:00.000Z', crewId: 'c' }) as const;

const runStarted = (): RunEvent => ({
  ...envelope(),
  kind: 'run.started',
  target: 'c',
  stream: false,
  process: 'sequential',
  tasks: ['research', 'write'],
});
const taskStarted = (taskId: string, agentId: string): RunEvent => ({
  ...envelope(),
  kind: 'task.started',
  taskId,
  agentId,
  agentRole: agentId,
  attempt: 1,
});
const taskCompleted = (taskId: string, agentId: string): RunEvent => ({
  ...envelope(),
  kind: 'task.completed',
  taskId,
  agentId,
  success: true,
  durationMs: 1200,
});
const costUpdated = (tokens: number, costUsd?: number): RunEventOf<'cost.updated'> => ({
  ...envelope(),
  kind: 'cost.updated',
  agentId: 'researcher',
  taskId: 'research',
  tokens,
  model: 'gpt-4.1-mini',
  provider: 'openai',
  ...(costUsd === undefined ? {} : { costUsd, costSource: 'estimate' as const }),
});
const toolCalled = (correlationId: string, toolName: string, taskId?: string): RunEventOf<'tool.called'> => ({
  ...envelope(),
  kind: 'tool.called',
  agentId: 'researcher',
  correlationId,
  toolName,
  argsSummary: ['path'],
  ...(taskId === undefined ? {} : { taskId }),
});
const toolReturned = (correlationId: string, toolName: string, taskId?: string): RunEventOf<'tool.returned'> => ({
  ...envelope(),
  kind: 'tool.returned',
  agentId: 'researcher',
  correlationId,
  toolName,
  success: true,
  outcome: 'Success',
  durationMs: 2.5,
  ...(taskId === undefined ? {} : { taskId }),
});
const runFinished = (tokens: number, costUsd?: number): RunEvent => ({
  ...envelope(),
  kind: 'run.finished',
  success: true,
  exitCode: 0,
  tokens,
  durationMs: 2000,
  ...(costUsd === undefined ? {} : { costUsd }),
});

const running = (task: string, agent: string) => new RegExp(`^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] ${task} \\(${agent}\\) \\d+\\.\\d s$`);
const inFlight = (line: string) => new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+\\.\\d s$`);

describe('task list: tokens, cost and tool calls under way', () => {
  it('on a terminal, shows the run’s tokens and estimated cost under the list, growing with each model call', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(runStarted());
    renderer.onEvent(taskStarted('research', 'researcher'));
    // Before any model call has finished there is nothing to count.
    expect(screen(output.text())).toEqual([running('research', 'researcher'), '· write'].map(matching));

    renderer.onEvent(costUpdated(812, 0.0004));
    expect(screen(output.text())).toEqual(
      [running('research', 'researcher'), '· write', '812 tokens · estimated cost $0.0004'].map(matching),
    );
    renderer.onEvent(costUpdated(2210, 0.0123));
    expect(screen(output.text()).at(-1)).toBe('2,210 tokens · estimated cost $0.0123');

    renderer.onEvent(taskCompleted('research', 'researcher'));
    renderer.onEvent(runFinished(120_345, 3.456));
    renderer.stop();
    expect(screen(output.text())).toEqual([
      '✓ research (researcher) 1.2 s',
      '· write',
      '120,345 tokens · estimated cost $3.46',
    ]);
  });

  it('shows the tokens alone while no model used has a price, and a cost below a hundredth of a cent as such', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(runStarted());
    renderer.onEvent(costUpdated(1));
    expect(screen(output.text()).at(-1)).toBe('1 token');
    renderer.onEvent(costUpdated(40));
    expect(screen(output.text()).at(-1)).toBe('40 tokens');
    renderer.onEvent(costUpdated(90, 0.00002));
    renderer.stop();
    expect(screen(output.text()).at(-1)).toBe('90 tokens · estimated cost under $0.0001');
  });

  it('on a terminal, shows a tool call under its task from tool.called until the return with its correlationId', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(runStarted());
    renderer.onEvent(taskStarted('research', 'researcher'));
    renderer.onEvent(costUpdated(812));
    renderer.onEvent(toolCalled('call_1', 'web_fetch', 'research'));
    expect(screen(output.text())).toEqual(
      [running('research', 'researcher'), inFlight('  ↳ web_fetch'), '· write', '812 tokens'].map(matching),
    );

    // Two calls at once: each on its own line; a return settles only the call it names.
    renderer.onEvent(toolCalled('call_2', 'file_read', 'research'));
    renderer.onEvent(toolReturned('call_1', 'web_fetch', 'research'));
    expect(screen(output.text())).toEqual(
      [running('research', 'researcher'), inFlight('  ↳ file_read'), '· write', '812 tokens'].map(matching),
    );
    expect(screen(output.text()).join('\n')).not.toContain('web_fetch');

    renderer.onEvent(toolReturned('call_2', 'file_read', 'research'));
    expect(screen(output.text())).toEqual([running('research', 'researcher'), '· write', '812 tokens'].map(matching));
    renderer.stop();
  });

  it('shows a call without a listed task after the list, naming its agent; the name cannot move the cursor', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(runStarted());
    renderer.onEvent(toolCalled('call_9', 'evil\u001b[2A\nname'));
    expect(screen(output.text())).toEqual(
      ['· research', '· write', inFlight('↳ evil\\u{1b}[2A name (researcher)')].map(matching),
    );
    renderer.onEvent(toolReturned('call_9', 'evil\u001b[2A\nname'));
    renderer.stop();
    expect(screen(output.text())).toEqual(['· research', '· write']);
  });

  it('drops a call whose task settled, and at the end any call still under way, keeping the totals', () => {
    const output = capture(true);
    const renderer = taskListRenderer(output.stream);
    renderer.onEvent(runStarted());
    renderer.onEvent(taskStarted('research', 'researcher'));
    renderer.onEvent(toolCalled('call_1', 'web_fetch', 'research'));
    renderer.onEvent(taskCompleted('research', 'researcher'));
    expect(screen(output.text())).toEqual(['✓ research (researcher) 1.2 s', '· write']);

    renderer.onEvent(taskStarted('write', 'writer'));
    renderer.onEvent(costUpdated(300, 0.5));
    renderer.onEvent(toolCalled('call_2', 'file_write', 'write'));
    expect(screen(output.text())[2]).toMatch(inFlight('  ↳ file_write'));
    renderer.stop();
    expect(screen(output.text())).toEqual([
      '✓ research (researcher) 1.2 s',
      expect.stringMatching(running('write', 'writer')),
      '300 tokens · estimated cost $0.5000',
    ]);
  });

  it('off a terminal, writes the same plain lines as without these events', () => {
    const output = capture(false);
    const renderer = taskListRenderer(output.stream);
    for (const event of [
      runStarted(),
      taskStarted('research', 'researcher'),
      costUpdated(812, 0.0004),
      toolCalled('call_1', 'web_fetch', 'research'),
      toolReturned('call_1', 'web_fetch', 'research'),
      toolCalled('call_2', 'web_fetch', 'research'),
      taskCompleted('research', 'researcher'),
      runFinished(900, 0.0005),
    ])
      renderer.onEvent(event);
    renderer.stop();
    expect(output.text()).toBe('✓ research (researcher) 1.2 s\n');
  });
});

/** A row as it must read: exactly the text, or matching the pattern. */
function matching(row: string | RegExp): unknown {
  return typeof row === 'string' ? row : expect.stringMatching(row);
}
