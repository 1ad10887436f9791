import { fileURLToPath } from 'node:url';
import {
  docsPrograms,
  expectedOutput,
  type PostgresServer,
  runDocsProgram,
  startPostgresServer,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The program of docs/event-hub-postgres.md (the ```ts block that starts with its imports), run as
// written against a real server given in DATABASE_URL, as the page says.
const page = fileURLToPath(new URL('../../../docs/event-hub-postgres.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
let server: PostgresServer;

beforeAll(async () => {
  server = await startPostgresServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('docs/event-hub-postgres.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const result = await runDocsProgram({
      program,
      packageFolder,
      environment: { DATABASE_URL: server.connectionString },
    });
    const expected = expectedOutput(program);
    expect(result.err).toBe('');
    expect(result.out.trim().split('\n')).toEqual(expected);
    expect(result.code).toBe(0);
  }, 60_000);
});
