import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServe } from '../server/orkeon-process.js';

// The official conformance suite's server scenarios against `orkeon mcp serve --http`,
// serving the fixture crew under examples/. A scenario outside the baseline that fails,
// or a baseline entry that passes, fails this test.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const fixtureCrew = join(root, 'examples/mcp-conformance-server/crew.ts');

let folder: TemporaryDirectory;
let server: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  server = await startHttpServe([fixtureCrew], { cwd: folder.path });
});
afterAll(async () => {
  await server?.stop();
  await folder?.remove();
});

async function baseline(): Promise<string[]> {
  const text = await readFile(new URL('./server-baseline.yml', import.meta.url), 'utf8');
  return [...text.matchAll(/^\s+- ([a-z0-9-]+)\s*$/gm)].map((match) => match[1] as string);
}

describe('MCP conformance suite, server scenarios', () => {
  it('passes every scenario outside the baseline', async () => {
    const output = join(folder.path, 'results');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [suite, 'server', '--url', server.url, '-o', output], {
        cwd: folder.path,
        stdio: 'ignore',
      });
      child.on('close', resolve);
    });
    const failed = new Set<string>();
    const ran = new Set<string>();
    for (const entry of await readdir(output)) {
      const checks = JSON.parse(await readFile(join(output, entry, 'checks.json'), 'utf8')) as {
        status: string;
      }[];
      const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
      ran.add(scenario);
      if (checks.some((check) => check.status === 'FAILURE')) failed.add(scenario);
    }
    const expected = await baseline();
    expect(ran.size).toBeGreaterThan(25);
    expect([...failed].filter((name) => !expected.includes(name))).toEqual([]);
    // A baseline entry that passes is stale: remove it.
    expect(expected.filter((name) => !failed.has(name))).toEqual([]);
    expect(code).not.toBeNull();
  }, 120_000);
});
