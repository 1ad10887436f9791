import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PineconeFixture, startPineconeFixture } from './pinecone-fixture.js';

// The example of the docs page is this folder's docs-example.ts (type-checked with the project), word for word.
const repository = fileURLToPath(new URL('../../../', import.meta.url));
const example = fileURLToPath(new URL('./docs-example.ts', import.meta.url));
const page = join(repository, 'docs', 'memory-stores', 'pinecone.md');

let fixture: PineconeFixture;
let folder: string;

beforeAll(async () => {
  fixture = await startPineconeFixture();
  // Inside the repository, so that the example's imports resolve as in a user's project.
  folder = await mkdtemp(join(repository, 'node_modules', '.orkeon-pinecone-docs-'));
}, 60_000);

afterAll(async () => {
  await fixture.close();
  await rm(folder, { recursive: true, force: true });
});

function runExample(environment: Record<string, string>): Promise<{ code: number | null; out: string }> {
  // Only the settings given here: other SVC_ variables of the machine would be judged too.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@orkeon/source', '--import', 'tsx', example], {
      cwd: folder,
      env: { ...inherited, ...environment },
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

describe('the example of docs/memory-stores/pinecone.md', () => {
  it('is docs-example.ts, word for word', async () => {
    const code = (await readFile(example, 'utf8')).split('\n').slice(1).join('\n');
    const blocks = [...(await readFile(page, 'utf8')).matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks).toContain(code);
  });

  it('runs against the contract server and prints what the page says', async () => {
    const { code, out } = await runExample({
      SVC_Svc__Memory__Pinecone__ApiKey: fixture.apiKey,
      SVC_Svc__Memory__Pinecone__ControllerHost: fixture.server.controlUrl,
      NODE_EXTRA_CA_CERTS: fixture.certificates.ca.certPath,
    });
    expect(out).toContain("[ [ 'ada-tea', '0.987' ] ]");
    expect(code).toBe(0);
    expect(fixture.server.index('orkeon-memories').namespaces.get('default')?.has('bob-coffee')).toBe(true);
  }, 60_000);

  it('is refused at the start without an API key', async () => {
    const { code, out } = await runExample({ SVC_Svc__Memory__Pinecone__ControllerHost: fixture.server.controlUrl });
    expect(out).toContain('Svc:Memory:Pinecone:ApiKey');
    expect(code).not.toBe(0);
  }, 60_000);
});
