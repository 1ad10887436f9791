import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type PostgresServer, startPostgresServer } from '@orkeon/testing';
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

function runNode(args: readonly string[], cwd: string, environment: Record<string, string>) {
  // Only the settings given here: other SVC_ variables of the machine would be judged too.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...environment } });
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

describe('docs/memory-stores/postgres.md', () => {
  it('has an example that runs against a real server, prints what its comments say, and warns once without pgvector', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    // Beside the package, so that its imports resolve as in a user's project; run in an empty working directory.
    await using scratch = await createTemporaryDirectory('orkeon-postgres-docs-');
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const tsx = import.meta.resolve('tsx');
      const { code, out, err } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path, {
        SVC_Svc__Memory__Postgres__ConnectionString: server.connectionString,
      });
      expect(code, err).toBe(0);
      const expected = [...program.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
      expect(expected).toHaveLength(2);
      expect(out.trim().split('\n')).toEqual(expected);
      const warnings = err.split('\n').filter((line) => line.includes('pgvector extension'));
      expect(warnings).toHaveLength(1);
    } finally {
      await rm(file, { force: true });
    }
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
