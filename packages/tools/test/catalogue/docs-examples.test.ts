import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The TypeScript examples of the tool, conversation and memory pages, exactly as written: every block that is a whole
// program (it starts with its imports; the others are fragments of one) must type-check
// against the packages, and those that need no outside server run and show their answer.
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const docs = join(repository, 'docs');

interface Example {
  readonly page: string;
  readonly index: number;
  readonly code: string;
  readonly file: string;
}

async function examples(): Promise<Example[]> {
  const pages = (await readdir(docs))
    .filter((name) => /^(tools(-[a-z]+)?|conversations|memory)\.md$/.test(name))
    .sort();
  const found: Example[] = [];
  for (const page of pages) {
    const text = await readFile(join(docs, page), 'utf8');
    let index = 0;
    for (const match of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
      index += 1;
      if (!match[1]?.startsWith('import ')) continue;
      found.push({ page, index, code: match[1] ?? '', file: `${page.replace('.md', '')}-${index}.mts` });
    }
  }
  return found;
}

function runNode(
  args: readonly string[],
  cwd: string,
  environment: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...environment } });
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

let folder: string;
let all: Example[];
beforeAll(async () => {
  all = await examples();
  // Inside the repository, so that the examples' imports resolve as they do in a user's project.
  folder = await mkdtemp(join(repository, 'node_modules', '.orkeon-docs-examples-'));
  for (const example of all) await writeFile(join(folder, example.file), example.code);
  await writeFile(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true, module: 'NodeNext', target: 'ES2023' },
      include: ['*.mts'],
    }),
  );
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const run = (example: Example | undefined, cwd: string) => {
  if (example === undefined) throw new Error('the example is missing from its page');
  return runNode(['--conditions=@orkeon/source', '--import', 'tsx', join(folder, example.file)], cwd);
};
const find = (page: string, index: number) => all.find((example) => example.page === page && example.index === index);

describe('the examples of the tool, conversation and memory pages', () => {
  it('are found on every family page', () => {
    const pages = new Set(all.map((example) => example.page));
    for (const family of ['code', 'data', 'database', 'email', 'session', 'web']) {
      expect(pages.has(`tools-${family}.md`), family).toBe(true);
    }
  });

  it('type-check against the packages', async () => {
    const { code, out } = await runNode(
      [join(repository, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder],
      repository,
    );
    expect(out).toBe('');
    expect(code).toBe(0);
  }, 180_000);

  it('run: the code interpreter through the pipeline and the sandbox used directly', async () => {
    const pipeline = await run(find('tools-code.md', 2), folder);
    expect(pipeline.out).toContain('42');
    expect(pipeline.code).toBe(0);
    const sandbox = await run(find('tools-code.md', 3), folder);
    expect(sandbox.code, sandbox.out).toBe(0);
  }, 60_000);

  it('run: statistics of a CSV file in a read-only mount', async () => {
    const cwd = join(folder, 'data-example');
    await mkdir(join(cwd, 'data'), { recursive: true });
    await mkdir(join(cwd, 'out'), { recursive: true });
    await writeFile(join(cwd, 'data', 'sales.csv'), 'region,amount\nnorth,12\nsouth,30\nnorth,7\n');
    const { code, out } = await run(find('tools-data.md', 1), cwd);
    expect(out).toContain('amount');
    expect(out).toContain('north');
    expect(code).toBe(0);
  }, 60_000);

  it('run: a conversation of two turns on the offline model, and threads kept in SQLite', async () => {
    const cwd = join(folder, 'conversation-example');
    await mkdir(join(cwd, '.orkeon'), { recursive: true });
    const inMemory = await run(find('conversations.md', 1), cwd);
    expect(inMemory.out).toContain("id: 'stay-1'");
    expect(inMemory.out).toContain('turns: 2');
    expect(inMemory.code).toBe(0);
    const sqlite = await run(find('conversations.md', 2), cwd);
    expect(sqlite.code, sqlite.out).toBe(0);
  }, 60_000);

  it('run: the memory port on the in-memory and SQLite stores, word and vector search', async () => {
    const { code, out } = await run(find('memory.md', 1), folder);
    expect(out).toContain("[ 'ada-allergy', 'ada-tea' ]");
    expect(out).toContain("key: 'ada-tea'");
    expect(code).toBe(0);
    const cwd = join(folder, 'memory-example');
    await mkdir(cwd, { recursive: true });
    const sqlite = await run(find('memory.md', 2), cwd);
    expect(sqlite.out).toContain("key: 'ada'");
    expect(sqlite.code).toBe(0);
    const registered = await run(find('memory.md', 4), cwd);
    expect(registered.code, registered.out).toBe(0);
    expect((await readdir(join(cwd, '.orkeon'))).sort()).toEqual(expect.arrayContaining(['memory.db', 'state.db']));
  }, 60_000);

  it('run: a crew with the session tools on the offline model', async () => {
    const { code, out } = await run(find('tools-session.md', 1), folder);
    expect(code, out).toBe(0);
  }, 60_000);
});
