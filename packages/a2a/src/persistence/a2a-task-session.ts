import { createHash } from 'node:crypto';
import type { SessionPhase, SessionState } from '@orkeon/core';
import { type A2ATaskRecord, a2aTaskRecordSchema } from '../wire/task-record.js';
import type { A2ATaskStatus } from '../wire/task-status.js';
import { UnreadableA2ATaskRecordError } from './persistence-errors.js';

/** Task records share the checkpoint stores with other sessions; this prefix keeps them apart. */
export const a2aTaskKeyPrefix = 'a2a-task:';

/** The crew id every task session carries. */
export const a2aTaskCrewId = 'a2a-task';

/** The task checkpoint that carries the serialized record inside its session. */
const recordCheckpointId = 'a2a-task-record';

/** Session ids are at most 200 characters; longer task ids are stored under a digest. */
const maximumPlainIdLength = 200 - a2aTaskKeyPrefix.length;

export function a2aTaskSessionId(taskId: string): string {
  if (taskId.length <= maximumPlainIdLength) return `${a2aTaskKeyPrefix}${taskId}`;
  return `${a2aTaskKeyPrefix}sha256.${createHash('sha256').update(taskId).digest('hex')}`;
}

const phaseOfStatus: Readonly<Record<A2ATaskStatus, SessionPhase>> = {
  Pending: 'Pending',
  Working: 'Running',
  Completed: 'Completed',
  Failed: 'Failed',
  Cancelled: 'Failed',
};

export function toTaskSession(record: A2ATaskRecord): SessionState {
  return {
    sessionId: a2aTaskSessionId(record.taskId),
    crewId: a2aTaskCrewId,
    phase: phaseOfStatus[record.status],
    completedTaskIndex: 0,
    taskCheckpoints: {
      [recordCheckpointId]: {
        taskId: recordCheckpointId,
        status: 'Pending',
        output: JSON.stringify({ format: 1, ...record }),
        timestamp: record.updatedAt,
        retryCount: 0,
      },
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.error === undefined ? {} : { errorMessage: record.error }),
  };
}

export function fromTaskSession(session: SessionState): A2ATaskRecord {
  const serialized = session.taskCheckpoints[recordCheckpointId]?.output;
  if (serialized === undefined) {
    throw new UnreadableA2ATaskRecordError(session.sessionId, `it has no '${recordCheckpointId}' checkpoint`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    throw new UnreadableA2ATaskRecordError(session.sessionId, 'its record is not JSON');
  }
  const result = a2aTaskRecordSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnreadableA2ATaskRecordError(
      session.sessionId,
      `field '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is invalid'}`,
    );
  }
  return result.data;
}
