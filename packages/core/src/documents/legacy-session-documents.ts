/**
 * Release 0.1 kept A2A task records and crew execution states as checkpoint sessions
 * (ids `a2a-task:<id>` and `crew-exec:<id>`), each record serialized in one task
 * checkpoint. The store adapters call `legacyDocumentOf` when they open a file or
 * schema of that release, to move each such session into the document store.
 */

/** The collection of A2A task records, keyed by task id. */
export const a2aTaskDocumentCollection = 'a2a-tasks';

/** The collection of crew execution states, keyed by execution id. */
export const crewExecutionDocumentCollection = 'crew-executions';

interface LegacyKind {
  readonly prefix: string;
  readonly collection: string;
  /** The task checkpoint whose `output` held the record. */
  readonly checkpointId: string;
  /** The record field that is the document key. */
  readonly keyField: string;
}

const legacyKinds: readonly LegacyKind[] = [
  { prefix: 'a2a-task:', collection: a2aTaskDocumentCollection, checkpointId: 'a2a-task-record', keyField: 'taskId' },
  {
    prefix: 'crew-exec:',
    collection: crewExecutionDocumentCollection,
    checkpointId: 'crew-execution-state',
    keyField: 'executionId',
  },
];

/** The session id prefixes release 0.1 used for records that are not checkpoints. */
export const legacyDocumentSessionPrefixes: readonly string[] = legacyKinds.map((kind) => kind.prefix);

/** A record to move out of the checkpoint tables. Times are ISO 8601 UTC. */
export interface LegacyDocument {
  readonly collection: string;
  readonly key: string;
  /** The record's JSON text, as release 0.1 wrote it. */
  readonly json: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The document a stored session carried, or `undefined` for a checkpoint session. A
 * session whose record cannot be read is still moved, whole, under its id without
 * the prefix, so nothing is lost: reading it then reports it as unreadable.
 */
export function legacyDocumentOf(sessionId: string, stateJson: string): LegacyDocument | undefined {
  const kind = legacyKinds.find((candidate) => sessionId.startsWith(candidate.prefix));
  if (kind === undefined) return undefined;
  const state = parseObject(stateJson);
  const checkpoints = state?.taskCheckpoints;
  const checkpoint =
    typeof checkpoints === 'object' && checkpoints !== null
      ? (checkpoints as Record<string, unknown>)[kind.checkpointId]
      : undefined;
  const output =
    typeof checkpoint === 'object' && checkpoint !== null ? (checkpoint as { output?: unknown }).output : undefined;
  const record = typeof output === 'string' ? parseObject(output) : undefined;
  const key = record?.[kind.keyField];
  const times = { createdAt: isoTime(state?.createdAt), updatedAt: isoTime(state?.updatedAt) };
  if (record !== undefined && typeof key === 'string' && key.length > 0 && key.length <= 1024) {
    return { collection: kind.collection, key, json: output as string, ...times };
  }
  return {
    collection: kind.collection,
    key: sessionId.slice(kind.prefix.length),
    json: JSON.stringify({ unreadableLegacySession: state ?? stateJson }),
    ...times,
  };
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isoTime(value: unknown): string {
  const milliseconds = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return new Date(Number.isNaN(milliseconds) ? 0 : milliseconds).toISOString();
}
