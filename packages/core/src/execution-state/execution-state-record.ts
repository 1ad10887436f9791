import { z } from 'zod';
import type { SessionPhase, SessionState } from '../checkpoint/session-state.js';
import { sessionIdPattern } from '../checkpoint/state-validation.js';
import { type CrewExecutionState, type CrewExecutionStatus, crewExecutionStatuses } from './crew-execution-state.js';
import { InvalidExecutionIdError, UnreadableExecutionStateError } from './execution-state-errors.js';

/**
 * Crew execution states share the checkpoint stores with task checkpoint sessions;
 * this prefix on their session ids and crew ids keeps the two apart.
 */
export const executionStateKeyPrefix = 'crew-exec:';

/** Session ids are at most 200 characters, and the prefix takes 10 of them. */
export const maximumExecutionIdLength = 200 - executionStateKeyPrefix.length;

/** The task checkpoint that carries the serialized execution state inside its session. */
export const executionStateCheckpointId = 'crew-execution-state';

export function executionSessionId(executionId: string): string {
  return `${executionStateKeyPrefix}${executionId}`;
}

export function executionCrewId(crewId: string): string {
  return `${executionStateKeyPrefix}${crewId}`;
}

export function assertValidExecutionId(executionId: unknown): asserts executionId is string {
  if (
    typeof executionId !== 'string' ||
    executionId.length === 0 ||
    !sessionIdPattern.test(executionSessionId(executionId))
  ) {
    throw new InvalidExecutionIdError(executionId, maximumExecutionIdLength);
  }
}

const phaseOfStatus: Readonly<Record<CrewExecutionStatus, SessionPhase>> = {
  Created: 'Pending',
  Running: 'Running',
  Completed: 'Completed',
  Failed: 'Failed',
  Archived: 'Completed',
};

/** What is written: the state without `toolsUsed`, which is never persisted. */
const persistedStateSchema = z.object({
  format: z.literal(1),
  executionId: z.string(),
  crewId: z.string(),
  status: z.enum(crewExecutionStatuses),
  input: z.string(),
  currentTaskId: z.string().optional(),
  output: z.string().optional(),
  error: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The session that stores an execution state: its record is serialized in one task checkpoint. */
export function toSessionState(state: CrewExecutionState): SessionState {
  const { toolsUsed: _notPersisted, ...persisted } = state;
  const record: z.input<typeof persistedStateSchema> = { format: 1, ...persisted, metadata: { ...state.metadata } };
  return {
    sessionId: executionSessionId(state.executionId),
    crewId: executionCrewId(state.crewId),
    phase: phaseOfStatus[state.status],
    completedTaskIndex: 0,
    taskCheckpoints: {
      [executionStateCheckpointId]: {
        taskId: executionStateCheckpointId,
        status: 'Pending',
        output: JSON.stringify(record),
        timestamp: state.updatedAt,
        retryCount: 0,
      },
    },
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    ...(state.error === undefined ? {} : { errorMessage: state.error }),
  };
}

/** The execution state a stored session carries, with an empty `toolsUsed`. */
export function fromSessionState(session: SessionState): CrewExecutionState {
  const serialized = session.taskCheckpoints[executionStateCheckpointId]?.output;
  if (serialized === undefined) {
    throw new UnreadableExecutionStateError(session.sessionId, `it has no '${executionStateCheckpointId}' checkpoint`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    throw new UnreadableExecutionStateError(session.sessionId, 'its record is not JSON');
  }
  const result = persistedStateSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnreadableExecutionStateError(
      session.sessionId,
      `field '${issue?.path.join('.') ?? ''}' ${issue?.message ?? 'is invalid'}`,
    );
  }
  const { format: _format, currentTaskId, output, error, ...rest } = result.data;
  return {
    ...rest,
    ...(currentTaskId === undefined ? {} : { currentTaskId }),
    ...(output === undefined ? {} : { output }),
    ...(error === undefined ? {} : { error }),
    toolsUsed: [],
  };
}
