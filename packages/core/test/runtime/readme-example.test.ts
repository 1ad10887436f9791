import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/** The TypeScript block under the README's "An agent in code" heading, exactly as written. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(repository, 'README.md'), 'utf8');
  const section = readme.split('## An agent in code')[1] ?? '';
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error('README.md has no ts block under "An agent in code"');
  return code;
}

function runNode(file: string, environment: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@orkeon/source', '--import', 'tsx', file], {
      cwd: repository,
      env: { ...process.env, ...environment },
    });
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

let server: ScriptedModelServer;
let folder: string;
beforeEach(async () => {
  server = await startScriptedModelServer();
  // Inside the repository, so that the example's imports resolve as they do for a user's project.
  folder = await mkdtemp(join(repository, 'node_modules', '.orkeon-readme-'));
});
afterEach(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the README example', () => {
  it('is at most ten lines and runs as written: the agent calls its tool and prints the answer', async () => {
    const code = await readmeExample();
    expect(code.trimEnd().split('\n').length).toBeLessThanOrEqual(10);
    server.enqueue({ toolCalls: [{ name: 'weather', arguments: { city: 'Lisbon' } }] }, (request) => ({
      text: `The guide says: ${JSON.stringify(request.body).includes('Sunny in Lisbon')}`,
    }));
    // .mts: an ES module, as in a project with "type": "module".
    const file = join(folder, 'example.mts');
    await writeFile(file, code);
    const { code: exitCode, out } = await runNode(file, {
      OPENAI_BASE_URL: server.openAiBaseUrl,
      OPENAI_API_KEY: 'test-key',
    });
    expect(out).toContain('The guide says: true');
    expect(exitCode).toBe(0);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  }, 60_000);
});
