import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from './redis-test-setup.js';

// The whole program of docs/memory-stores/redis.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/memory-stores/redis.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const { server, inspect } = useRedisServer();

describe('docs/memory-stores/redis.md', () => {
  it('has an example that runs against a real server and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await inspect().set('other-application:key', 'left alone');
    const { code, combined: out } = await runDocsProgram({
      program,
      packageFolder,
      environment: { SVC_Svc__Memory__Redis__ConnectionString: server().address },
    });
    expect(out).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(2);
    expect(out.trim().split('\n')).toEqual(expected);
    expect((await inspect().keys('*')).sort()).toEqual([
      'orkeon:memory:ada-allergy',
      'orkeon:memory:ada-tea',
      'other-application:key',
    ]);
  }, 60_000);
});
