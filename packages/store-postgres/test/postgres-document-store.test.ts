import { Configuration, DocumentStoreService, ServiceCollection, StateStoreService } from '@orkeon/core';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import {
  describeConversationPersistence,
  describeCrewExecutionStatePersistence,
  describeDocumentStoreConformance,
} from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPostgresCheckpointing,
  PostgresDocumentStore,
  PostgresStateStore,
  postgresCheckpointingSettings,
  postgresSchemaVersion,
} from '../src/index.js';

let server: PostgresServer;
/** A client for looking at the database from the outside. */
let observer: pg.Pool;
let schemaCounter = 0;
const freshSchema = (purpose: string) => `${purpose}_${process.pid}_${schemaCounter++}`;

beforeAll(async () => {
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

describeDocumentStoreConformance(
  vitest,
  'PostgresDocumentStore',
  async (options) =>
    new PostgresDocumentStore({
      connectionString: server.connectionString,
      schema: freshSchema('documents'),
      ...options,
    }),
);

/** A store over `connection`, and how a restarted process opens the same schema again; every one is closed at the end. */
function reopenable(connection: { connectionString: string; schema: string }) {
  const documents = [new PostgresDocumentStore(connection)];
  return {
    documents: documents[0] as PostgresDocumentStore,
    restart: async () => {
      const reopened = new PostgresDocumentStore(connection);
      documents.push(reopened);
      return reopened;
    },
    closeAll: async () => {
      for (const store of documents) await store.close();
    },
  };
}

describeConversationPersistence(vitest, 'the PostgreSQL document store', async () => {
  const { documents, restart, closeAll } = reopenable({
    connectionString: server.connectionString,
    schema: freshSchema('threads'),
  });
  return { documents, restart, dispose: closeAll };
});

describeCrewExecutionStatePersistence(vitest, 'the PostgreSQL document store', async () => {
  const connection = { connectionString: server.connectionString, schema: freshSchema('execution') };
  const { documents, restart, closeAll } = reopenable(connection);
  const checkpoints = new PostgresStateStore(connection);
  return {
    documents,
    checkpoints,
    restart,
    dispose: async () => {
      await closeAll();
      await checkpoints.close();
    },
  };
});

const taskRecord = {
  format: 1,
  taskId: 'task-1',
  skillId: 'echo',
  status: 'Completed',
  output: 'echo: hi',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:02.000Z',
};
const executionRecord = {
  format: 1,
  executionId: 'run-1',
  crewId: 'writers',
  status: 'Running',
  input: 'tides',
  metadata: { attempt: '2' },
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:05:00.000Z',
};
const checkpoint = {
  sessionId: 'checkpoint-1',
  crewId: 'writers',
  phase: 'Failed',
  completedTaskIndex: 1,
  taskCheckpoints: {
    research: {
      taskId: 'research',
      status: 'Completed',
      output: 'f',
      timestamp: '2026-05-01T08:01:00.000Z',
      retryCount: 0,
    },
  },
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:01:00.000Z',
};

function recordSession(
  sessionId: string,
  crewId: string,
  checkpointId: string,
  record: typeof taskRecord | typeof executionRecord,
) {
  return {
    sessionId,
    crewId,
    phase: 'Completed',
    completedTaskIndex: 0,
    taskCheckpoints: {
      [checkpointId]: {
        taskId: checkpointId,
        status: 'Pending',
        output: JSON.stringify(record),
        timestamp: record.updatedAt,
        retryCount: 0,
      },
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Writes, with plain SQL, the tables and rows release 0.1 left in a schema. */
async function writeRelease01Schema(schema: string): Promise<void> {
  const q = `"${schema}"`;
  await observer.query(`CREATE SCHEMA ${q}`);
  await observer.query(`CREATE TABLE ${q}.sessions (session_id text PRIMARY KEY, crew_id text NOT NULL, phase text NOT NULL,
    completed_task_count integer NOT NULL, updated_at timestamptz NOT NULL, state jsonb NOT NULL)`);
  await observer.query(`CREATE TABLE ${q}.session_versions (version_id text PRIMARY KEY, session_id text NOT NULL,
    version integer NOT NULL, step_id text, label text, created_at timestamptz NOT NULL, state jsonb NOT NULL,
    UNIQUE (session_id, version))`);
  const sessions = [
    [checkpoint, 1],
    [recordSession('a2a-task:task-1', 'a2a-task', 'a2a-task-record', taskRecord), 0],
    [recordSession('crew-exec:run-1', 'crew-exec:writers', 'crew-execution-state', executionRecord), 0],
  ] as const;
  for (const [state, count] of sessions) {
    await observer.query(`INSERT INTO ${q}.sessions VALUES ($1, $2, $3, $4, $5, $6::jsonb)`, [
      state.sessionId,
      state.crewId,
      state.phase,
      count,
      state.updatedAt,
      JSON.stringify(state),
    ]);
  }
  await observer.query(
    `INSERT INTO ${q}.session_versions VALUES ('v1', 'checkpoint-1', 1, NULL, NULL, $1, $2::jsonb)`,
    [checkpoint.createdAt, JSON.stringify(checkpoint)],
  );
}

async function rows(schema: string) {
  const q = `"${schema}"`;
  const sessions = await observer.query<{ session_id: string }>(`SELECT session_id FROM ${q}.sessions ORDER BY 1`);
  const documents = await observer.query<{ collection: string; key: string; version: number }>(
    `SELECT collection, key, version FROM ${q}.documents ORDER BY 1, 2`,
  );
  const version = await observer.query<{ version: number }>(`SELECT version FROM ${q}.schema_version`);
  return { sessions: sessions.rows, documents: documents.rows, version: version.rows[0]?.version };
}

describe('a PostgreSQL schema of release 0.1', () => {
  it('is migrated when first opened: records move to documents, checkpoints stay, in one go', async () => {
    const schema = freshSchema('legacy');
    await writeRelease01Schema(schema);
    const connection = { connectionString: server.connectionString, schema };
    await using documents = new PostgresDocumentStore(connection);
    expect(await documents.get('a2a-tasks', 'task-1')).toEqual({
      collection: 'a2a-tasks',
      key: 'task-1',
      value: taskRecord,
      version: 1,
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:02.000Z',
    });
    expect((await documents.get('crew-executions', 'run-1'))?.value).toEqual(executionRecord);
    await using checkpoints = new PostgresStateStore(connection);
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
    expect(await checkpoints.get('checkpoint-1')).toEqual(checkpoint);
    expect(await rows(schema)).toEqual({
      sessions: [{ session_id: 'checkpoint-1' }],
      documents: [
        { collection: 'a2a-tasks', key: 'task-1', version: 1 },
        { collection: 'crew-executions', key: 'run-1', version: 1 },
      ],
      version: postgresSchemaVersion,
    });
  });

  it('is migrated once, whichever store opens it first, even when several start together', async () => {
    const schema = freshSchema('legacy_race');
    await writeRelease01Schema(schema);
    const connection = { connectionString: server.connectionString, schema };
    const stores = [
      new PostgresStateStore(connection),
      new PostgresDocumentStore(connection),
      new PostgresStateStore(connection),
    ];
    try {
      await Promise.all([
        (stores[0] as PostgresStateStore).list(),
        (stores[1] as PostgresDocumentStore).list('a2a-tasks'),
        (stores[2] as PostgresStateStore).list(),
      ]);
      await (stores[1] as PostgresDocumentStore).put('a2a-tasks', 'task-1', { ...taskRecord, output: 'changed' });
    } finally {
      for (const store of stores) await store.close();
    }
    const before = await rows(schema);
    await using again = new PostgresDocumentStore(connection);
    expect((await again.get('a2a-tasks', 'task-1'))?.value).toMatchObject({ output: 'changed' });
    expect(await rows(schema)).toEqual(before);
    expect(before.documents).toHaveLength(2);
  });

  it('a schema from a later release is refused by name and left alone', async () => {
    const schema = freshSchema('future');
    await using first = new PostgresDocumentStore({ connectionString: server.connectionString, schema });
    await first.list('a2a-tasks');
    await observer.query(`UPDATE "${schema}".schema_version SET version = $1`, [postgresSchemaVersion + 1]);
    await using later = new PostgresStateStore({ connectionString: server.connectionString, schema });
    await expect(later.list()).rejects.toMatchObject({ code: 'POSTGRES_STORE_SCHEMA_TOO_NEW' });
    expect((await rows(schema)).version).toBe(postgresSchemaVersion + 1);
  });
});

describe('addPostgresCheckpointing', () => {
  it('registers a document store in the same schema, its own table, ended with the provider', async () => {
    const schema = freshSchema('registered');
    const configuration = Configuration.fromObject(
      { Svc: { Checkpointing: { Postgres: { ConnectionString: server.connectionString, SchemaName: schema } } } },
      [postgresCheckpointingSettings],
    );
    const provider = addPostgresCheckpointing(new ServiceCollection(), configuration).build();
    const documents = provider.get(DocumentStoreService);
    expect(documents).toBeInstanceOf(PostgresDocumentStore);
    await documents.put('a2a-tasks', 'k', { a: 1 });
    expect(await provider.get(StateStoreService).list()).toEqual([]);
    await provider.dispose();
    await expect(documents.get('a2a-tasks', 'k')).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
    expect((await rows(schema)).documents).toEqual([{ collection: 'a2a-tasks', key: 'k', version: 1 }]);
  });
});
