import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddingProvider, Runtime } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RaggableTreeService } from '../src/index.js';
import { callThrough, codeRuntime, countingEmbeddings } from './fixtures/code-runtime.js';
import { writeShopCodeBase } from './fixtures/shop-code-base.js';

// The index over time: files edited, added and removed between calls, the saved index
// read by a new runtime, an index file of another version, the switches of RaggableTree.

let folder: TemporaryDirectory;
const runtimes: Runtime[] = [];

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-code-index-');
  await writeShopCodeBase(join(folder.path, 'code'));
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
  await folder.remove();
});

async function open(options: Parameters<typeof codeRuntime>[1] = {}): Promise<Runtime> {
  const runtime = await codeRuntime(folder.path, options);
  runtimes.push(runtime);
  return runtime;
}

async function output(runtime: Runtime, tool: string, input: Record<string, unknown> = {}): Promise<string> {
  const result = await callThrough(runtime, tool, input);
  expect(result.outcome, result.output).toBe('Success');
  return result.output;
}

const code = (path: string) => join(folder.path, 'code', path);
const indexFile = () => join(folder.path, 'out', 'raggable-tree', 'crew.json');

describe('an index kept current', () => {
  it('re-indexes a file edited between two queries before answering, and only that file', async () => {
    const embeddings = countingEmbeddings();
    const runtime = await open({ embeddings });
    await output(runtime, 'index_codebase');
    const embeddedBefore = embeddings.texts.length;
    await writeFile(
      code('web/src/cart.ts'),
      `${await readFile(code('web/src/cart.ts'), 'utf8')}\n/** Empties the cart after checkout. */\nexport function clearCart(cart: Cart): void {\n  cart.add(0);\n}\n`,
    );
    const status = await output(runtime, 'index_status');
    expect(status).toContain('Changed since: 0 added, 1 changed, 0 removed (/crew/web/src/cart.ts).');
    expect(await output(runtime, 'is_path_indexed', { path: '/crew/web/src/cart.ts' })).toContain(
      'but changed since: the next query re-indexes it',
    );
    // No reindex call: the query brings the index up to date itself.
    const detail = await output(runtime, 'symbol_detail', { symbol: 'clearCart' });
    expect(detail).toContain('Doc: Empties the cart after checkout.');
    expect(detail).toContain('Calls in the index (1): @shop/web::src/cart::Cart::add');
    // Only the symbols of the changed file were embedded again.
    expect(embeddings.texts.slice(embeddedBefore)).toHaveLength(6);
    expect(embeddings.texts.slice(embeddedBefore).every((text) => text.includes('/crew/web/src/cart.ts'))).toBe(true);
    expect(await output(runtime, 'index_status')).toContain('Up to date with the files.');
  });

  it('incremental_reindex reports the files changed, added and removed, and the queries follow', async () => {
    const runtime = await open();
    await output(runtime, 'index_codebase');
    await writeFile(
      code('core/src/price.ts'),
      'export function formatPrice(cents: number): string {\n  return String(cents);\n}\n',
    );
    await writeFile(
      code('core/src/tax.ts'),
      "import { formatPrice } from './price';\n\nexport function withTax(cents: number) {\n  return formatPrice(cents * 1.2);\n}\n",
    );
    await rm(code('gateway/handlers/orders.go'));
    const text = await output(runtime, 'incremental_reindex');
    expect(text).toMatch(/^Re-indexed \/crew in \d+ ms: 14 file\(s\), /);
    expect(text).toContain(
      'Changes: 1 added (/crew/core/src/tax.ts); 1 changed (/crew/core/src/price.ts); 1 removed (/crew/gateway/handlers/orders.go); 18 unchanged.',
    );
    expect(await output(runtime, 'symbol_detail', { symbol: 'roundCents' })).toContain(
      "No symbol of the index of /crew is named 'roundCents'",
    );
    expect(await output(runtime, 'symbol_detail', { symbol: 'NewOrderHandler' })).toContain('is named');
    expect(await output(runtime, 'flow_trace', { symbol: 'formatPrice', direction: 'callers', depth: 1 })).toContain(
      '  → @shop/core::src/tax::withTax',
    );
    const again = await output(runtime, 'incremental_reindex');
    expect(again).toContain('No file changed since the last index (20 checked).');
  });

  it('incremental_reindex with paths checks only those files', async () => {
    const runtime = await open();
    await output(runtime, 'index_codebase');
    await writeFile(code('web/src/cart.ts'), 'export class Cart {}\n');
    await writeFile(code('core/src/price.ts'), 'export const nothing = 1;\n');
    const text = await output(runtime, 'incremental_reindex', { paths: ['/crew/web'] });
    expect(text).toContain('Changes: 1 changed (/crew/web/src/cart.ts); 2 unchanged.');
    const tree = runtime.services.get(RaggableTreeService);
    // The next query checks everything again.
    expect((await tree.graph()).symbols.has('@shop/core::src/price::nothing')).toBe(true);
  });

  it('a new runtime reads the saved index and parses nothing that did not change', async () => {
    const first = await open({ embeddings: countingEmbeddings() });
    await output(first, 'index_codebase');
    await first.dispose();
    runtimes.splice(runtimes.indexOf(first), 1);

    const embeddings = countingEmbeddings();
    const second = await open({ embeddings });
    const status = await output(second, 'index_status');
    expect(status).toContain('Index of /crew: 14 file(s), 33 symbol(s), 6 package(s)');
    expect(status).toContain('Up to date with the files.');
    const text = await output(second, 'index_codebase');
    expect(text).toContain('No file changed since the last index (20 checked).');
    expect(embeddings.texts).toHaveLength(0);
    const found = await output(second, 'codebase_search', { query: 'formatPrice euros', top_k: 1 });
    expect(found).toContain('1. function @shop/core::src/price::formatPrice');
  });

  it('an index file of another version, or damaged, is rebuilt from the sources, never a failure', async () => {
    await mkdir(join(folder.path, 'out', 'raggable-tree'), { recursive: true });
    await writeFile(indexFile(), JSON.stringify({ version: 999, root: '/crew', files: 'from the future' }));
    const runtime = await open();
    const text = await output(runtime, 'index_codebase');
    expect(text).toContain(
      'Built from the sources because the index file /output/raggable-tree/crew.json has version 999, this release reads version 1.',
    );
    expect(text).toContain('20 added');
    expect(JSON.parse(await readFile(indexFile(), 'utf8'))).toMatchObject({ version: 1, root: '/crew' });

    await writeFile(indexFile(), '{ not json');
    const fresh = await open();
    expect(await output(fresh, 'codebase_map', { depth: 1 })).toMatch(/^L0 \/crew: 6 package\(s\)/);
    expect(JSON.parse(await readFile(indexFile(), 'utf8')).version).toBe(1);
  });

  it('force parses every file again', async () => {
    const embeddings = countingEmbeddings();
    const runtime = await open({ embeddings });
    await output(runtime, 'index_codebase');
    const text = await output(runtime, 'index_codebase', { force: true });
    expect(text).toMatch(/^Indexed \(every file parsed\) \/crew/);
    expect(text).toContain('20 changed');
  });

  it('serves two queries at once with one indexing', async () => {
    const embeddings = countingEmbeddings();
    const runtime = await open({ embeddings });
    const [map, search] = await Promise.all([
      output(runtime, 'codebase_map', { depth: 1 }),
      output(runtime, 'codebase_search', { query: 'cart' }),
    ]);
    expect(map).toMatch(/^L0 \/crew/);
    expect(search).toContain('Cart');
    // Each symbol once, and the question.
    expect(embeddings.texts).toHaveLength(34);
  });
});

describe('RaggableTree settings', () => {
  it('RaggableTree:Enabled = false registers neither the service nor a tool', async () => {
    const runtime = await open({ settings: { Enabled: false } });
    for (const name of ['index_codebase', 'codebase_search', 'statement_query', 'directory_search'])
      expect(runtime.tools.get(name), name).toBeUndefined();
    expect(runtime.services.tryGet(RaggableTreeService)).toBeUndefined();
  });

  it('without a writable IndexDirectory the index lives in memory and says so', async () => {
    const runtime = await open({ output: false });
    const text = await output(runtime, 'index_codebase');
    expect(text).toMatch(/Not saved \(.*\/output.*\); the index lives in memory for this run\./);
    expect(await output(runtime, 'index_status')).toContain('not saved');
    expect(await output(runtime, 'symbol_detail', { symbol: 'Cart' })).toContain('class @shop/web::src/cart::Cart');
  });

  it('Root names the folder indexed; index_codebase can switch to another mounted folder', async () => {
    await writeFile(join(folder.path, 'tool.py'), 'def helper():\n    """Helps."""\n    return 1\n');
    const runtime = await open({
      settings: { Root: '/crew/web' },
      mounts: [{ physical: folder.path, virtual: '/workspace', rights: 'ro' }],
    });
    expect(await output(runtime, 'codebase_map', { depth: 1 })).toMatch(/^L0 \/crew\/web: 1 package\(s\), 2 file\(s\)/);
    const text = await output(runtime, 'index_codebase', { path: '/workspace', force: false });
    expect(text).toMatch(/^Indexed \/workspace in/);
    expect(text).toContain('Saved in /output/raggable-tree/workspace.json.');
    expect(await output(runtime, 'symbol_detail', { symbol: 'helper' })).toContain('Doc: Helps.');
  });

  it('never indexes an internal mount, even one inside the indexed folder', async () => {
    await mkdir(join(folder.path, 'secret'));
    await writeFile(join(folder.path, 'secret', 'keys.ts'), 'export const apiKey = "hidden";\n');
    const runtime = await open({
      mounts: [
        { physical: join(folder.path, 'secret'), virtual: '/crew/secret', rights: 'ro', visibility: 'internal' },
      ],
    });
    expect(await output(runtime, 'index_codebase')).toContain('14 file(s)');
    expect(await output(runtime, 'symbol_detail', { symbol: 'apiKey' })).toContain("is named 'apiKey'");
    expect(await output(runtime, 'directory_search', { directory: '/crew', query: 'apiKey hidden' })).not.toContain(
      'keys.ts',
    );
  });

  it('a Root that is not mounted fails the call with the fix', async () => {
    const runtime = await open({ settings: { Root: '/nowhere' } });
    const result = await callThrough(runtime, 'codebase_map');
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain("The folder '/nowhere' cannot be read");
    expect(result.output).toContain('RaggableTree:Root');
  });

  it('Exclude replaces the default patterns', async () => {
    const runtime = await open({ settings: { Exclude: ['gateway', 'billing/**', 'node_modules'] } });
    const map = await output(runtime, 'codebase_map', { depth: 1 });
    expect(map).not.toContain('gateway');
    expect(map).not.toContain('billing');
    expect(await output(runtime, 'is_path_indexed', { path: '/crew/billing/pom.xml' })).toContain(
      "pattern 'billing/**'",
    );
  });

  it('MaxFileBytes leaves large files out and names them', async () => {
    await writeFile(code('web/src/generated.ts'), `export const data = [${'1,'.repeat(3000)}];\n`);
    const runtime = await open({ settings: { MaxFileBytes: 4000 } });
    const text = await output(runtime, 'index_codebase');
    expect(text).toContain('Skipped for size (RaggableTree:MaxFileBytes): /crew/web/src/generated.ts.');
    expect(await output(runtime, 'is_path_indexed', { path: '/crew/web/src/generated.ts' })).toContain(
      'larger than RaggableTree:MaxFileBytes',
    );
  });

  it('IncludeStatements keeps L4 statements in the index and statement_query reads them from it', async () => {
    const runtime = await open({ settings: { IncludeStatements: true } });
    const text = await output(runtime, 'index_codebase');
    expect(text).toMatch(/33 symbol\(s\), \d+ statement\(s\), 6 package\(s\)/);
    expect(await output(runtime, 'statement_query', { symbol: 'Account::Credit' })).toContain(
      '3 statement(s) of method Ledger::Accounts/Account::Account::Credit (/crew/ledger/Accounts/Account.cs, from the index):',
    );
    const saved = JSON.parse(await readFile(indexFile(), 'utf8'));
    expect(saved.includeStatements).toBe(true);
    const account = saved.files.find((file: { path: string }) => file.path.endsWith('Account.cs'));
    expect(account.symbols.find((symbol: { name: string }) => symbol.name === 'Credit').statements).toEqual([
      {
        kind: 'if',
        startLine: 10,
        endLine: 10,
        text: 'if (amount <= 0) throw new System.ArgumentException("amount");',
      },
      { kind: 'throw', startLine: 10, endLine: 10, text: 'throw new System.ArgumentException("amount");' },
      { kind: 'assignment', startLine: 11, endLine: 11, text: 'Balance += amount;' },
    ]);
  });

  it('Embedding:Provider None searches words only, even with a provider registered', async () => {
    const embeddings = countingEmbeddings();
    const runtime = await open({ settings: { Embedding: { Provider: 'None' } }, embeddings });
    expect(await output(runtime, 'index_codebase')).toContain('Search: words only (no embedding provider).');
    expect(await output(runtime, 'codebase_search', { query: 'cart total' })).toContain("for 'cart total' (words):");
    expect(await output(runtime, 'codebase_search', { query: 'zzzqqq' })).toBe(
      "No symbol of the index of /crew matches 'zzzqqq'. Try other words, or codebase_map to look around.",
    );
    expect(await output(runtime, 'directory_search', { directory: '/crew/web', query: 'zzzqqq' })).toMatch(
      /^Nothing in \/crew\/web matches 'zzzqqq' \(3 file\(s\) read, 3 chunk\(s\); words\)\.$/,
    );
    expect(embeddings.texts).toHaveLength(0);
  });

  it('a failing embedding provider leaves words-only search and says why', async () => {
    const failing: EmbeddingProvider = {
      model: 'broken',
      embed: () => Promise.reject(new Error('model server down')),
    };
    const runtime = await open({ embeddings: failing });
    const text = await output(runtime, 'index_codebase');
    expect(text).toContain('Embedding problem: the embedding provider broken failed (model server down)');
    expect(await output(runtime, 'codebase_search', { query: 'formatPrice' })).toContain(
      '1. function @shop/core::src/price::formatPrice',
    );
    expect(await output(runtime, 'directory_search', { directory: '/crew/core', query: 'express' })).toContain(
      'vectors not used: the embedding provider failed (model server down)',
    );
  });

  it('a change of embedding model embeds every symbol again', async () => {
    const first = await open({ embeddings: countingEmbeddings('model-a') });
    await output(first, 'index_codebase');
    const other = countingEmbeddings('model-b');
    const second = await open({ embeddings: other });
    const text = await output(second, 'index_codebase');
    expect(text).toContain('Search: words and vectors (model-b, 64 dimensions); 33 symbol(s) embedded now.');
    expect(other.texts).toHaveLength(33);
  });
});
