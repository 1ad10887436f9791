import type { SessionState, TaskCheckpoint } from '@orkeon/core';

/** A time `minutes` after a fixed start, as ISO 8601. */
export function at(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
}

export function completedTask(taskId: string, output: string): TaskCheckpoint {
  return { taskId, status: 'Completed', output, timestamp: at(1), retryCount: 0 };
}

export function sessionState(overrides: Partial<SessionState> & { sessionId: string }): SessionState {
  return {
    crewId: 'crew',
    phase: 'Running',
    completedTaskIndex: 0,
    taskCheckpoints: {},
    createdAt: at(0),
    updatedAt: at(1),
    ...overrides,
  };
}
