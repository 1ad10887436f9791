import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileTools } from '../../src/index.js';
import { createToolTestSetup, type ToolTestSetup } from './tool-test-setup.js';

let setup: ToolTestSetup;
const caller = { kind: 'agent' as const, agent: 'writer' };
const call = (tool: string, input: unknown) => setup.pipeline().invoke({ tool, input, caller });

beforeEach(async () => {
  setup = await createToolTestSetup();
});
afterEach(async () => {
  await setup.folder.remove();
});

describe('built-in file tools', () => {
  it('declare their access', () => {
    expect(Object.fromEntries(fileTools.map((tool) => [tool.name, tool.access]))).toEqual({
      file_read: 'Read',
      file_write: 'Edit',
      directory_read: 'Read',
      count_pattern: 'Read',
      list_mounts: 'Read',
    });
  });

  it('file_read reads by virtual path', async () => {
    expect(await call('file_read', { path: '/workspace/readme.md' })).toMatchObject({
      outcome: 'Success',
      output: '# Title\nTODO: one\nTODO: two\n',
    });
  });

  it('file_read keeps up to 32,000 characters; other tools 4,000', async () => {
    await setup
      .pipeline()
      .invoke({ tool: 'file_write', input: { path: '/output/big.txt', content: 'x'.repeat(40_000) }, caller });
    const read = await call('file_read', { path: '/output/big.txt' });
    expect(read.truncatedFrom).toBe(40_000);
    expect(read.output.startsWith('x'.repeat(32_000))).toBe(true);
    expect(read.output.endsWith('[truncated: showing the first 32000 of 40000 characters]')).toBe(true);
  });

  it('file_write writes and appends, and reports what it did', async () => {
    expect(await call('file_write', { path: '/output/notes/a.txt', content: 'one' })).toMatchObject({
      outcome: 'Success',
      output: "Wrote 3 bytes to '/output/notes/a.txt' (new file).",
    });
    expect(await call('file_write', { path: '/output/notes/a.txt', content: '-two', append: true })).toMatchObject({
      output: "Appended 4 bytes to '/output/notes/a.txt'.",
    });
    expect(await readFile(join(setup.output, 'notes', 'a.txt'), 'utf8')).toBe('one-two');
  });

  it('file_write into a read-only mount is a denial the model reads, and nothing is written', async () => {
    expect(await call('file_write', { path: '/workspace/readme.md', content: 'gone' })).toEqual(
      expect.objectContaining({
        outcome: 'Denied',
        output: "DENIED: Access denied for '/workspace/readme.md': required Write, effective Read.",
      }),
    );
    expect(await readFile(join(setup.workspace, 'readme.md'), 'utf8')).toContain('# Title');
  });

  it('directory_read lists, filters by glob and recurses', async () => {
    expect((await call('directory_read', { path: '/workspace' })).output).toBe(
      ['/workspace/out/', '/workspace/readme.md (28 bytes)', '/workspace/src/'].join('\n'),
    );
    expect((await call('directory_read', { path: '/workspace', pattern: '*.ts', recursive: true })).output).toBe(
      ['/workspace/src/deep/util.ts (28 bytes)', '/workspace/src/main.ts (21 bytes)'].join('\n'),
    );
    expect((await call('directory_read', { path: '/workspace/out' })).output).toBe("No entries in '/workspace/out'.");
  });

  it('count_pattern counts per file and in total, with case and file filters', async () => {
    expect((await call('count_pattern', { path: '/workspace', pattern: 'TODO' })).output).toBe(
      ['/workspace/readme.md: 2', '/workspace/src/main.ts: 1', 'Total: 3 matches in 2 of 3 files.'].join('\n'),
    );
    expect(
      (await call('count_pattern', { path: '/workspace', pattern: 'todo', ignore_case: true, file_pattern: '*.ts' }))
        .output,
    ).toBe(
      ['/workspace/src/deep/util.ts: 2', '/workspace/src/main.ts: 1', 'Total: 3 matches in 2 of 2 files.'].join('\n'),
    );
    expect(await call('count_pattern', { path: '/workspace/readme.md', pattern: '(' })).toMatchObject({
      outcome: 'Failure',
      output: expect.stringMatching(/^Error: '\(' is not a valid regular expression/),
    });
  });

  it('list_mounts shows what agents may use and nothing internal or physical', async () => {
    const listed = await call('list_mounts', {});
    expect(listed.output).toBe(
      [
        '/output (rw: read, write, create, delete)',
        '/workspace (ro: read)',
        '  /workspace/out (rw: read, write, create, delete)',
      ].join('\n'),
    );
  });

  it('tools never reach internal mounts and never show physical folders', async () => {
    const denied = await call('file_read', { path: '/credentials/key' });
    expect(denied).toMatchObject({ outcome: 'Denied' });
    expect(denied.output).toBe(
      "DENIED: No mount found for virtual path '/credentials/key'. Available mounts: /output, /workspace",
    );
    const physical = await call('file_read', { path: join(setup.workspace, 'readme.md') });
    expect(physical.outcome).toBe('Denied');
    expect(physical.output).not.toContain(setup.folder.path);
  });
});
