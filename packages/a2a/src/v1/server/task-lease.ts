import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { V1Message } from '../wire/message.js';
import { isInterruptedV1State, isTerminalV1State } from '../wire/task-state.js';
import type { V1TaskLease, V1TaskRecord } from './v1-task-store.js';

/** How long a lease holds; the process renews its leases every third of it. */
export const taskLeaseMilliseconds = 60_000;

export function leaseFor(holder: string, now: number): V1TaskLease {
  return { holder, until: new Date(now + taskLeaseMilliseconds).toISOString() };
}

/** A name for this server process in leases: `<host>/<pid>/<random>` (one per start). */
export function newLeaseHolder(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/**
 * True while another process's lease on the task has not run out. A holder on this host
 * whose process no longer exists (killed, crashed) holds nothing, so a restarted server
 * takes its tasks at once instead of after the lease.
 */
export function heldElsewhere(record: V1TaskRecord, holder: string, now: number): boolean {
  const lease = record.lease;
  return lease !== undefined && lease.holder !== holder && Date.parse(lease.until) > now && !processGone(lease.holder);
}

function processGone(holder: string): boolean {
  const [host, pid] = holder.split('/');
  const id = Number(pid);
  if (host !== hostname() || !Number.isInteger(id) || id <= 0 || id === process.pid) return false;
  try {
    process.kill(id, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * True for a task recorded as working whose process is gone: not running here, and its
 * lease ran out, was this process's own before a restart, or was never written (records
 * of earlier releases). A task waiting for input is never an orphan: any process can
 * take its answer and run it again (see `answersToReplay`).
 */
export function isOrphaned(record: V1TaskRecord, holder: string, now: number, runningHere: boolean): boolean {
  const state = record.task.status.state;
  if (runningHere || isTerminalV1State(state) || isInterruptedV1State(state)) return false;
  return !heldElsewhere(record, holder, now);
}

/**
 * The caller's answers in a task's history, in order: every user message after the first.
 * A task run again after its process was gone starts from its first message, and each
 * question its agent asks takes the next of these instead of waiting, so the run reaches
 * the question it waited on and goes on from there.
 */
export function answersToReplay(history: readonly V1Message[]): V1Message[] {
  return history.slice(1).filter((message) => message.role === 'ROLE_USER');
}
