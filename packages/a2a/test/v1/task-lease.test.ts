import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { answersToReplay, heldElsewhere, isOrphaned, leaseFor } from '../../src/v1/server/task-lease.js';
import type { V1TaskRecord } from '../../src/v1/server/v1-task-store.js';
import type { V1TaskState } from '../../src/v1/wire/task-state.js';

const now = Date.parse('2026-11-26T12:00:00Z');
const me = `${hostname()}/${process.pid}/aaaaaaaa`;

function record(state: V1TaskState, holder?: string, until = now + 30_000): V1TaskRecord {
  return {
    task: { id: 't', contextId: 'c', status: { state, timestamp: new Date(now).toISOString() } },
    skillId: 's',
    createdAt: new Date(now).toISOString(),
    ...(holder === undefined ? {} : { lease: { holder, until: new Date(until).toISOString() } }),
  };
}

describe('task leases', () => {
  it('a lease is held elsewhere while it runs, by a process of another host or a live one of this host', async () => {
    expect(heldElsewhere(record('TASK_STATE_WORKING', 'other-host/123/bbbbbbbb'), me, now)).toBe(true);
    expect(heldElsewhere(record('TASK_STATE_WORKING', 'other-host/123/bbbbbbbb', now - 1), me, now)).toBe(false);
    expect(heldElsewhere(record('TASK_STATE_WORKING', me), me, now)).toBe(false);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const live = `${hostname()}/${child.pid}/cccccccc`;
      expect(heldElsewhere(record('TASK_STATE_WORKING', live), me, now)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('close', resolve));
    }
    expect(heldElsewhere(record('TASK_STATE_WORKING', `${hostname()}/${child.pid}/cccccccc`), me, now)).toBe(false);
  });

  it('an orphan is a working task not running here whose holder is gone; waiting and ended tasks never are', () => {
    expect(isOrphaned(record('TASK_STATE_WORKING'), me, now, false)).toBe(true);
    expect(isOrphaned(record('TASK_STATE_WORKING', me), me, now, false)).toBe(true);
    expect(isOrphaned(record('TASK_STATE_WORKING', me), me, now, true)).toBe(false);
    expect(isOrphaned(record('TASK_STATE_WORKING', 'other-host/1/x'), me, now, false)).toBe(false);
    expect(isOrphaned(record('TASK_STATE_WORKING', 'other-host/1/x', now - 1), me, now, false)).toBe(true);
    expect(isOrphaned(record('TASK_STATE_INPUT_REQUIRED'), me, now, false)).toBe(false);
    expect(isOrphaned(record('TASK_STATE_COMPLETED'), me, now, false)).toBe(false);
  });

  it('a lease lasts a minute; the answers to replay are the user messages after the first', () => {
    expect(Date.parse(leaseFor(me, now).until) - now).toBe(60_000);
    const message = (role: 'ROLE_USER' | 'ROLE_AGENT', text: string) => ({
      messageId: text,
      role,
      parts: [{ text }],
    });
    const replay = answersToReplay([
      message('ROLE_USER', 'trip'),
      message('ROLE_AGENT', 'Which city?'),
      message('ROLE_USER', 'Lisbon'),
      message('ROLE_AGENT', 'How many nights?'),
      message('ROLE_USER', '3'),
    ]);
    expect(replay.map((entry) => entry.messageId)).toEqual(['Lisbon', '3']);
  });
});
