import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsCodeBlocks, runTypeScriptFile } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromaContractServer, startChromaContractServer } from './contract/chroma-contract-server.js';

// The example of the docs page is this folder's docs-example.ts (type-checked with the project), word for word.
const example = fileURLToPath(new URL('./docs-example.ts', import.meta.url));
const page = fileURLToPath(new URL('../../../docs/memory-stores/chroma.md', import.meta.url));

let server: ChromaContractServer;

beforeAll(async () => {
  server = await startChromaContractServer();
});

afterAll(async () => {
  await server.close();
});

describe('the example of docs/memory-stores/chroma.md', () => {
  it('is docs-example.ts, word for word', async () => {
    const code = (await readFile(example, 'utf8')).split('\n').slice(1).join('\n');
    expect(await docsCodeBlocks(page)).toContain(code);
  });

  it('runs against the contract server and prints what the page says', async () => {
    const { code, combined: out } = await runTypeScriptFile({
      file: example,
      environment: { SVC_Svc__Memory__ChromaDb__Url: server.url },
    });
    expect(out).toContain("[ [ 'ada-allergy', 1 ], [ 'ada-tea', 0.5 ] ]");
    expect(out).toContain("[ 'ada-tea' ]");
    expect(code).toBe(0);
    expect(server.collection('orkeon_memories')?.records.has('ada-tea')).toBe(true);
  }, 60_000);
});
