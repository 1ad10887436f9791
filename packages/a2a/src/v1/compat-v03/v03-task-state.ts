import { z } from 'zod';
import type { V1TaskState } from '../wire/task-state.js';

/**
 * The task states of A2A 0.3 that have a v1.0 counterpart, lower case and hyphenated.
 * 0.3's ninth state, `unknown`, has none (v1.0 keeps only `TASK_STATE_UNSPECIFIED`, which
 * no task is in), so it is not one of them.
 */
export const v03TaskStates = [
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
] as const;

export const v03TaskStateSchema = z.enum(v03TaskStates, {
  error: (issue) =>
    issue.input === 'unknown'
      ? "state 'unknown' has no A2A 1.0 counterpart"
      : `state is one of ${v03TaskStates.join(', ')}`,
});

/** @experimental SVCEXP001 */
export type V03TaskState = z.infer<typeof v03TaskStateSchema>;

const v1ByV03: Readonly<Record<V03TaskState, V1TaskState>> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
};

const v03ByV1 = Object.fromEntries(Object.entries(v1ByV03).map(([v03, v1]) => [v1, v03])) as Readonly<
  Record<V1TaskState, V03TaskState>
>;

/** `input-required` → `TASK_STATE_INPUT_REQUIRED`. */
export function v1StateOfV03(state: V03TaskState): V1TaskState {
  return v1ByV03[state];
}

/** `TASK_STATE_INPUT_REQUIRED` → `input-required`. */
export function v03StateOf(state: V1TaskState): V03TaskState {
  return v03ByV1[state];
}
