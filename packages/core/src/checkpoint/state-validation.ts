import { InvalidSessionIdError, InvalidSessionStateError } from './checkpoint-errors.js';
import { type SessionState, sessionPhases, taskStatuses } from './session-state.js';

/** Session ids are keys in files and tables: short, and free of separators or quotes. */
export const sessionIdPattern = /^[A-Za-z0-9_:.-]{1,200}$/;

export function assertValidSessionId(sessionId: unknown): asserts sessionId is string {
  if (typeof sessionId !== 'string' || !sessionIdPattern.test(sessionId)) throw new InvalidSessionIdError(sessionId);
}

/**
 * Checks what every store relies on before it writes: a valid id, a known phase,
 * times that parse (stores order sessions by `updatedAt`), and a usage a crew budget
 * can count on when there is one.
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
    if (task.startedAt !== undefined && !isTimestamp(task.startedAt))
      fail(`task '${taskId}' startedAt must be an ISO 8601 date and time`);
    if (!Number.isInteger(task.retryCount) || task.retryCount < 0) {
      fail(`task '${taskId}' retryCount must be a whole number, 0 or more`);
    }
  }
  if (state.usage !== undefined) {
    const problem = usageProblem(state.usage);
    if (problem !== undefined) fail(problem);
  }
}

const usageCounts = ['tokens', 'toolCalls'] as const;
const usageAmounts = ['costUsd', 'wallTimeSeconds'] as const;

/** What is wrong with a stored usage, if anything: counts are whole numbers, amounts finite, none below 0. */
function usageProblem(usage: unknown): string | undefined {
  if (typeof usage !== 'object' || usage === null)
    return 'usage must be an object of tokens, costUsd, toolCalls and wallTimeSeconds';
  const fields = usage as Record<string, unknown>;
  for (const name of usageCounts) {
    const value = fields[name];
    if (!Number.isSafeInteger(value) || (value as number) < 0) return `usage.${name} must be a whole number, 0 or more`;
  }
  for (const name of usageAmounts) {
    const value = fields[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      return `usage.${name} must be a number, 0 or more`;
  }
  return undefined;
}

/** Milliseconds since the epoch of an ISO 8601 time; what stores order `updatedAt` by. */
export function timestampMilliseconds(timestamp: string): number {
  return Date.parse(timestamp);
}

function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
