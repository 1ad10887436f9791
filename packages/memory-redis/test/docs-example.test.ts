import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from './redis-test-setup.js';

// The whole program of docs/memory-stores/redis.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/memory-stores/redis.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const { server, inspect } = useRedisServer();

function runNode(args: readonly string[], cwd: string, environment: Record<string, string>) {
  // Only the settings given here: other SVC_ variables of the machine would be judged too.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...environment } });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('docs/memory-stores/redis.md', () => {
  it('has an example that runs against a real server and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await inspect().set('other-application:key', 'left alone');
    // Beside the package, so that its imports resolve as in a user's project; run in an empty working directory.
    await using scratch = await createTemporaryDirectory('orkeon-redis-docs-');
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const tsx = import.meta.resolve('tsx');
      const { code, out } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path, {
        SVC_Svc__Memory__Redis__ConnectionString: server().address,
      });
      expect(out).not.toMatch(/Error/);
      expect(code).toBe(0);
      const expected = [...program.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
      expect(expected).toHaveLength(2);
      expect(out.trim().split('\n')).toEqual(expected);
    } finally {
      await rm(file, { force: true });
    }
    expect((await inspect().keys('*')).sort()).toEqual([
      'orkeon:memory:ada-allergy',
      'orkeon:memory:ada-tea',
      'other-application:key',
    ]);
  }, 60_000);
});
