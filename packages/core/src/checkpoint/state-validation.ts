import { InvalidSessionIdError, InvalidSessionStateError } from './checkpoint-errors.js';
import { type SessionState, sessionPhases, taskStatuses } from './session-state.js';

/** Session ids are keys in files and tables: short, and free of separators or quotes. */
export const sessionIdPattern = /^[A-Za-z0-9_:.-]{1,200}$/;

export function assertValidSessionId(sessionId: unknown): asserts sessionId is string {
  if (typeof sessionId !== 'string' || !sessionIdPattern.test(sessionId)) throw new InvalidSessionIdError(sessionId);
}

/**
 * Checks what every store relies on before it writes: a valid id, a known phase, and
 * times that parse (stores order sessions by `updatedAt`).
 */
export function assertValidSessionState(state: SessionState): void {
  assertValidSessionId(state.sessionId);
  const fail = (problem: string): never => {
    throw new InvalidSessionStateError(state.sessionId, problem);
  };
  if (typeof state.crewId !== 'string' || state.crewId.length === 0) fail('crewId must be a non-empty string');
  if (!sessionPhases.includes(state.phase)) fail(`phase must be one of ${sessionPhases.join(', ')}`);
  if (!Number.isInteger(state.completedTaskIndex) || state.completedTaskIndex < 0) {
    fail('completedTaskIndex must be a whole number, 0 or more');
  }
  if (!isTimestamp(state.createdAt)) fail('createdAt must be an ISO 8601 date and time');
  if (!isTimestamp(state.updatedAt)) fail('updatedAt must be an ISO 8601 date and time');
  if (typeof state.taskCheckpoints !== 'object' || state.taskCheckpoints === null) {
    fail('taskCheckpoints must be an object keyed by task id');
  }
  for (const [taskId, task] of Object.entries(state.taskCheckpoints)) {
    if (task.taskId !== taskId) fail(`task checkpoint '${taskId}' carries taskId '${task.taskId}'`);
    if (!taskStatuses.includes(task.status)) fail(`task '${taskId}' status must be one of ${taskStatuses.join(', ')}`);
    if (!isTimestamp(task.timestamp)) fail(`task '${taskId}' timestamp must be an ISO 8601 date and time`);
    if (!Number.isInteger(task.retryCount) || task.retryCount < 0) {
      fail(`task '${taskId}' retryCount must be a whole number, 0 or more`);
    }
  }
}

/** Milliseconds since the epoch of an ISO 8601 time; what stores order `updatedAt` by. */
export function timestampMilliseconds(timestamp: string): number {
  return Date.parse(timestamp);
}

function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
