import { z } from 'zod';
import { crewExecutionDocumentCollection } from '../documents/legacy-session-documents.js';
import { type CrewExecutionState, crewExecutionStatuses } from './crew-execution-state.js';
import { InvalidExecutionIdError, UnreadableExecutionStateError } from './execution-state-errors.js';

/** The document-store collection of crew execution states, keyed by execution id. */
export const executionStateCollection = crewExecutionDocumentCollection;

/** Execution ids stay the keys they were in release 0.1: short, and free of separators or quotes. */
const executionIdPattern = /^[A-Za-z0-9_:.-]{1,200}$/;
export const maximumExecutionIdLength = 200;

export function assertValidExecutionId(executionId: unknown): asserts executionId is string {
  if (typeof executionId !== 'string' || !executionIdPattern.test(executionId)) {
    throw new InvalidExecutionIdError(executionId, maximumExecutionIdLength);
  }
}

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

export type PersistedExecutionState = z.input<typeof persistedStateSchema>;

/** The document that stores an execution state. */
export function toExecutionDocument(state: CrewExecutionState): PersistedExecutionState {
  const { toolsUsed: _notPersisted, ...persisted } = state;
  return { format: 1, ...persisted, metadata: { ...state.metadata } };
}

/** The execution state a stored document carries, with an empty `toolsUsed`. */
export function fromExecutionDocument(executionId: string, value: unknown): CrewExecutionState {
  const result = persistedStateSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnreadableExecutionStateError(
      executionId,
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
