import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsCodeBlocks, runTypeScriptFile } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PineconeFixture, startPineconeFixture } from './pinecone-fixture.js';

// The example of the docs page is this folder's docs-example.ts (type-checked with the project), word for word.
const example = fileURLToPath(new URL('./docs-example.ts', import.meta.url));
const page = fileURLToPath(new URL('../../../docs/memory-stores/pinecone.md', import.meta.url));

let fixture: PineconeFixture;

beforeAll(async () => {
  fixture = await startPineconeFixture();
}, 60_000);

afterAll(async () => {
  await fixture.close();
});

function runExample(environment: Record<string, string>) {
  return runTypeScriptFile({ file: example, environment });
}

describe('the example of docs/memory-stores/pinecone.md', () => {
  it('is docs-example.ts, word for word', async () => {
    const code = (await readFile(example, 'utf8')).split('\n').slice(1).join('\n');
    expect(await docsCodeBlocks(page)).toContain(code);
  });

  it('runs against the contract server and prints what the page says', async () => {
    const { code, combined: out } = await runExample({
      SVC_Svc__Memory__Pinecone__ApiKey: fixture.apiKey,
      SVC_Svc__Memory__Pinecone__ControllerHost: fixture.server.controlUrl,
      NODE_EXTRA_CA_CERTS: fixture.certificates.ca.certPath,
    });
    expect(out).toContain("[ [ 'ada-tea', '0.987' ] ]");
    expect(code).toBe(0);
    expect(fixture.server.index('orkeon-memories').namespaces.get('default')?.has('bob-coffee')).toBe(true);
  }, 60_000);

  it('is refused at the start without an API key', async () => {
    const { code, combined: out } = await runExample({
      SVC_Svc__Memory__Pinecone__ControllerHost: fixture.server.controlUrl,
    });
    expect(out).toContain('Svc:Memory:Pinecone:ApiKey');
    expect(code).not.toBe(0);
  }, 60_000);
});
