import { fileURLToPath } from 'node:url';
import {
  docsPrograms,
  expectedOutput,
  type PostgresServer,
  runDocsProgram,
  startPostgresServer,
} from '@orkeon/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The whole program of docs/memory-stores/postgres.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/memory-stores/postgres.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
let server: PostgresServer;

beforeAll(async () => {
  server = await startPostgresServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('docs/memory-stores/postgres.md', () => {
  it('has an example that runs against a real server, prints what its comments say, and warns once without pgvector', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const { code, out, err } = await runDocsProgram({
      program,
      packageFolder,
      environment: { SVC_Svc__Memory__Postgres__ConnectionString: server.connectionString },
    });
    expect(code, err).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(2);
    expect(out.trim().split('\n')).toEqual(expected);
    const warnings = err.split('\n').filter((line) => line.includes('pgvector extension'));
    expect(warnings).toHaveLength(1);
    const observer = new pg.Client({ connectionString: server.connectionString });
    await observer.connect();
    try {
      const rows = await observer.query('SELECT key FROM orkeon_memory_items ORDER BY key');
      expect(rows.rows).toEqual([{ key: 'ada-allergy' }, { key: 'ada-tea' }]);
    } finally {
      await observer.end();
    }
  }, 60_000);
});
