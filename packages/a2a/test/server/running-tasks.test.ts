import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunningTasks } from '../../src/server/running-tasks.js';

const about = { dialect: 'seed', skillId: 'summarize' } as const;
const timedOut = () => Object.assign(new Error('ran out of time'), { name: 'TimeoutError' });

afterEach(() => {
  vi.useRealTimers();
});

describe('RunningTasks', () => {
  it('refuses a second claim of a running id and frees the id on release', () => {
    const tasks = new RunningTasks(1000, timedOut);
    expect(tasks.claim('a', about)).toBeInstanceOf(AbortSignal);
    expect(tasks.claim('a', about)).toBeUndefined();
    expect(tasks.list()).toEqual([
      { taskId: 'a', dialect: 'seed', skillId: 'summarize', startedAt: expect.any(String) },
    ]);
    tasks.release('a');
    expect(tasks.claim('a', about)).toBeInstanceOf(AbortSignal);
    expect(tasks.size).toBe(1);
  });

  it('aborts each task at its own deadline with one timer for all of them', () => {
    vi.useFakeTimers();
    const tasks = new RunningTasks(1000, timedOut);
    const first = tasks.claim('first', about);
    vi.advanceTimersByTime(400);
    const second = tasks.claim('second', about);
    const third = tasks.claim('third', about);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(599);
    expect(first?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first?.aborted).toBe(true);
    expect(first?.reason).toMatchObject({ name: 'TimeoutError' });
    expect(second?.aborted).toBe(false);

    tasks.release('third');
    vi.advanceTimersByTime(399);
    expect(second?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(second?.aborted).toBe(true);
    expect(third?.aborted).toBe(false);
  });

  it('re-arms for a task claimed after the oldest one finished', () => {
    vi.useFakeTimers();
    const tasks = new RunningTasks(1000, timedOut);
    tasks.claim('early', about);
    tasks.release('early');
    vi.advanceTimersByTime(500);
    const late = tasks.claim('late', about);
    vi.advanceTimersByTime(500);
    expect(late?.aborted).toBe(false);
    vi.advanceTimersByTime(499);
    expect(late?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(late?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts every running task with the given reason', () => {
    const tasks = new RunningTasks(60_000, timedOut);
    const signals = ['a', 'b'].map((id) => tasks.claim(id, about));
    const reason = new Error('stopping');
    tasks.abortAll(reason);
    expect(signals.map((signal) => signal?.reason)).toEqual([reason, reason]);
  });

  it('drains: true once the tracked work settles, false when the grace period ends first', async () => {
    const tasks = new RunningTasks(60_000, timedOut);
    tasks.claim('quick', about);
    tasks.track('quick', new Promise((resolve) => setTimeout(resolve, 20)));
    await expect(tasks.drain(5_000)).resolves.toBe(true);
    tasks.claim('slow', about);
    tasks.track('slow', new Promise(() => {}));
    await expect(tasks.drain(30)).resolves.toBe(false);
  });
});
