import type { ChildProcess } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentStoreA2ATaskStore } from '@orkeon/a2a';
import { CrewExecutionStateManager } from '@orkeon/core';
import { SqliteDocumentStore, SqliteStateStore } from '@orkeon/store-sqlite';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureRecords } from './fixtures/state-fixture-contents.js';
import { servingUrl } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

/** The state file release 0.1 wrote (by `fixtures/make-state-fixture.ts`), with its crew. */
const release01 = fileURLToPath(new URL('./fixtures/state-0.1/', import.meta.url));

const scripted = useScriptedRun();
let statePath: string;
let crewPath: string;
const running: ChildProcess[] = [];

beforeEach(async () => {
  // Tests upgrade a copy: the fixture itself stays as release 0.1 wrote it.
  await cp(release01, scripted.folder.path, { recursive: true });
  statePath = join(scripted.folder.path, 'state.db');
  crewPath = join(scripted.folder.path, 'crew.yaml');
});
// Registered after the helper's, so it runs first: the server stops before the model server closes.
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

describe('a state file written by release 0.1', () => {
  it('is the old layout: records among the checkpoint sessions, no documents table', () => {
    const database = new Database(join(release01, 'state.db'), { readonly: true });
    try {
      expect(database.pragma('user_version', { simple: true })).toBe(0);
      const ids = database
        .prepare<[], { session_id: string }>('SELECT session_id FROM sessions')
        .all()
        .map((row) => row.session_id);
      expect(ids.filter((id) => id.startsWith('a2a-task:'))).toHaveLength(3);
      expect(ids).toContain(`crew-exec:${fixtureRecords.execution.executionId}`);
      expect(database.prepare("SELECT name FROM sqlite_master WHERE name = 'documents'").all()).toEqual([]);
    } finally {
      database.close();
    }
  });

  it('orkeon run --resume continues the unfinished run, reusing the completed task', async () => {
    scripted.server.enqueue({ text: 'the note, written after the upgrade' });
    const resumed = await scripted.run(['run', crewPath, '--state', statePath, '--resume']);
    expect(resumed.stderr).not.toContain('ERROR');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('↺ research');
    expect(scripted.server.requests).toHaveLength(1);
    expect(JSON.stringify(scripted.server.requests[0]?.body)).toContain(fixtureRecords.researchOutput);
    expect(resumed.stdout).toContain('the note, written after the upgrade');

    await using checkpoints = new SqliteStateStore({ path: statePath });
    const sessions = await checkpoints.list();
    expect(sessions.map((session) => [session.crewId, session.phase])).toEqual([['fixture-notes', 'Completed']]);
  });

  it('orkeon serve --state answers GET /a2a/tasks/{id} with the records it held', async () => {
    const child = scripted.start([
      'serve',
      crewPath,
      '--state',
      statePath,
      '--set',
      'A2A:Host=127.0.0.1',
      '--set',
      'A2A:Port=0',
    ]);
    running.push(child);
    const url = await servingUrl(child);
    // Fastify refuses path parameters over 100 characters (414); the long id is read through the store below.
    const [short, long] = [
      fixtureRecords.tasks.filter((record) => record.taskId.length <= 100),
      fixtureRecords.tasks.filter((record) => record.taskId.length > 100),
    ];
    expect(short).toHaveLength(2);
    for (const record of short) {
      const response = await fetch(`${url}/a2a/tasks/${encodeURIComponent(record.taskId)}`);
      expect(response.status, record.taskId.slice(0, 40)).toBe(200);
      expect(await response.json()).toEqual(record);
    }
    expect((await fetch(`${url}/a2a/tasks/never-recorded`)).status).toBe(404);
    await using documents = new SqliteDocumentStore({ path: statePath });
    for (const record of long)
      expect(await new DocumentStoreA2ATaskStore(documents).get(record.taskId)).toEqual(record);
  });

  it('the crew execution state reads back from the document store', async () => {
    await using documents = new SqliteDocumentStore({ path: statePath });
    const manager = new CrewExecutionStateManager({ store: documents });
    const { executionId, crewId, input, currentTaskId } = fixtureRecords.execution;
    expect(await manager.getState(executionId)).toMatchObject({
      executionId,
      crewId,
      input,
      currentTaskId,
      status: 'Running',
      metadata: { attempt: '2', ratio: '0.5', started: '2026-05-01T09:59:00.000Z' },
      toolsUsed: [],
    });
    await using checkpoints = new SqliteStateStore({ path: statePath });
    expect((await checkpoints.list()).map((session) => session.crewId)).toEqual(['fixture-notes']);
  });
});
