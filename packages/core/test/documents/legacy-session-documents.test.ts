import { describe, expect, it } from 'vitest';
import { legacyDocumentOf } from '../../src/documents/legacy-session-documents.js';

/** A session as release 0.1 stored a record: serialized in the output of one task checkpoint. */
function legacySession(sessionId: string, checkpointId: string, output: unknown): string {
  return JSON.stringify({
    sessionId,
    crewId: 'whatever',
    phase: 'Completed',
    completedTaskIndex: 0,
    taskCheckpoints: {
      [checkpointId]: { taskId: checkpointId, status: 'Pending', output, timestamp: 'x', retryCount: 0 },
    },
    createdAt: '2026-05-01T12:00:00+02:00',
    updatedAt: '2026-05-01T10:00:05.000Z',
  });
}

describe('legacyDocumentOf', () => {
  it('leaves checkpoint sessions alone', () => {
    expect(legacyDocumentOf('3f2a-uuid', legacySession('3f2a-uuid', 'research', 'facts'))).toBeUndefined();
    expect(legacyDocumentOf('a2a-taskless', legacySession('a2a-taskless', 'x', 'y'))).toBeUndefined();
  });

  it('keys an A2A record by its task id, even one that was stored under a digest', () => {
    const record = JSON.stringify({ format: 1, taskId: 'long-'.repeat(60), skillId: 's', status: 'Completed' });
    const document = legacyDocumentOf(
      'a2a-task:sha256.abc',
      legacySession('a2a-task:sha256.abc', 'a2a-task-record', record),
    );
    expect(document).toEqual({
      collection: 'a2a-tasks',
      key: 'long-'.repeat(60),
      json: record,
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:05.000Z',
    });
  });

  it('keys a crew execution state by its execution id', () => {
    const record = JSON.stringify({ format: 1, executionId: 'run-1', crewId: 'writers' });
    expect(
      legacyDocumentOf('crew-exec:run-1', legacySession('crew-exec:run-1', 'crew-execution-state', record)),
    ).toMatchObject({
      collection: 'crew-executions',
      key: 'run-1',
      json: record,
    });
  });

  it('moves an unreadable record whole, under the id without its prefix, so nothing is lost', () => {
    const state = legacySession('crew-exec:broken', 'crew-execution-state', 'not json');
    const document = legacyDocumentOf('crew-exec:broken', state);
    expect(document).toMatchObject({ collection: 'crew-executions', key: 'broken' });
    expect(JSON.parse(document?.json ?? '')).toEqual({ unreadableLegacySession: JSON.parse(state) });
  });
});
