import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type PostgresServer, startPostgresServer } from '@orkeon/testing';
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

function runNode(args: readonly string[], cwd: string, databaseUrl: string) {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...environment, DATABASE_URL: databaseUrl } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('docs/event-hub-postgres.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await using scratch = await createTemporaryDirectory('orkeon-event-hub-postgres-docs-');
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const result = await runNode(
        ['--conditions=@orkeon/source', '--import', import.meta.resolve('tsx'), file],
        scratch.path,
        server.connectionString,
      );
      const expected = [...program.matchAll(/\/\/ (.+)$/gm)].map((match) => match[1] as string);
      expect(result.err).toBe('');
      expect(result.out.trim().split('\n')).toEqual(expected);
      expect(result.code).toBe(0);
    } finally {
      await rm(file, { force: true });
    }
  }, 60_000);
});
