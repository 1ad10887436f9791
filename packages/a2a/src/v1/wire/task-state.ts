import { z } from 'zod';
import type { A2ATaskStatus } from '../../wire/task-status.js';

/** The task states of A2A v1.0, as ProtoJSON writes them. */
export const v1TaskStates = [
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;

export const v1TaskStateSchema = z.enum(v1TaskStates);

/** @experimental SVCEXP001 */
export type V1TaskState = z.infer<typeof v1TaskStateSchema>;

const terminalStates: ReadonlySet<V1TaskState> = new Set([
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
]);
const interruptedStates: ReadonlySet<V1TaskState> = new Set(['TASK_STATE_INPUT_REQUIRED', 'TASK_STATE_AUTH_REQUIRED']);

/** COMPLETED, FAILED, CANCELED and REJECTED: nothing more happens to the task. */
export function isTerminalV1State(state: V1TaskState): boolean {
  return terminalStates.has(state);
}

/** INPUT_REQUIRED and AUTH_REQUIRED: the task waits for the client; a stream closes there. */
export function isInterruptedV1State(state: V1TaskState): boolean {
  return interruptedStates.has(state);
}

/**
 * The nine states onto the seed dialect's five: waiting for the client is still work in
 * progress (`Working`), a refusal is a failure.
 */
export function seedStatusOf(state: V1TaskState): A2ATaskStatus {
  switch (state) {
    case 'TASK_STATE_SUBMITTED':
      return 'Pending';
    case 'TASK_STATE_WORKING':
    case 'TASK_STATE_INPUT_REQUIRED':
    case 'TASK_STATE_AUTH_REQUIRED':
      return 'Working';
    case 'TASK_STATE_COMPLETED':
      return 'Completed';
    case 'TASK_STATE_CANCELED':
      return 'Cancelled';
    case 'TASK_STATE_FAILED':
    case 'TASK_STATE_REJECTED':
      return 'Failed';
  }
}

const v1States: Readonly<Record<A2ATaskStatus, V1TaskState>> = {
  Pending: 'TASK_STATE_SUBMITTED',
  Working: 'TASK_STATE_WORKING',
  Completed: 'TASK_STATE_COMPLETED',
  Failed: 'TASK_STATE_FAILED',
  Cancelled: 'TASK_STATE_CANCELED',
};

/** The seed dialect's five states as v1.0 states. */
export function v1StateOf(status: A2ATaskStatus): V1TaskState {
  return v1States[status];
}
