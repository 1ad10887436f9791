import { fileURLToPath } from 'node:url';
import {
  docsPrograms,
  expectedOutput,
  type PostgresServer,
  runDocsProgram,
  startPostgresServer,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The change feed's program of docs/checkpointing.md, run as written against a real PostgreSQL.
const page = fileURLToPath(new URL('../../../docs/checkpointing.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('docs/checkpointing.md', () => {
  it('has a change feed example that carries an announcement and prints what its comment says', async () => {
    const program = (await docsPrograms(page)).find((code) => code.includes('new PostgresChangeFeed('));
    expect(program).toBeDefined();
    const { code, out, err } = await runDocsProgram({
      program: program as string,
      packageFolder,
      environment: { DATABASE_URL: server.connectionString },
    });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toEqual(expectedOutput(program as string));
  }, 60_000);
});
