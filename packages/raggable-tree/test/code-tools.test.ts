// One file over 300 lines: every tool is tested against one shared runtime and index, which is built once.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Runtime } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RaggableTreeService } from '../src/index.js';
import { type CountingEmbeddings, callThrough, codeRuntime, countingEmbeddings } from './fixtures/code-runtime.js';
import { writeShopCodeBase } from './fixtures/shop-code-base.js';

// The 15 code tools and directory_search as an agent reaches them: through the runtime's
// tool registry and invocation pipeline, over the shop monorepo mounted read-only at /crew,
// the index saved in /output. The code is not changed here (see incremental-index.test.ts).

let folder: TemporaryDirectory;
let runtime: Runtime;
let embeddings: CountingEmbeddings;

const output = async (tool: string, input: Record<string, unknown> = {}) => {
  const result = await callThrough(runtime, tool, input);
  expect(result.outcome, result.output).toBe('Success');
  return result.output;
};

beforeAll(async () => {
  folder = await createTemporaryDirectory('orkeon-code-tools-');
  await writeShopCodeBase(join(folder.path, 'code'));
  embeddings = countingEmbeddings();
  runtime = await codeRuntime(folder.path, { embeddings });
});
afterAll(async () => {
  await runtime.dispose();
  await folder.remove();
});

const codeToolNames = [
  'index_codebase',
  'incremental_reindex',
  'index_status',
  'is_path_indexed',
  'codebase_map',
  'package_summary',
  'symbol_detail',
  'symbol_source',
  'codebase_search',
  'dependency_graph',
  'sub_graph',
  'flow_trace',
  'impact_analysis',
  'complexity_report',
  'statement_query',
];

describe('the code tools in a runtime', () => {
  it('are registered with directory_search, all declared Read', () => {
    for (const name of [...codeToolNames, 'directory_search']) {
      const tool = runtime.tools.get(name);
      expect(tool?.name, name).toBe(name);
      expect(tool?.access, name).toBe('Read');
    }
  });

  it('index_codebase indexes every language, leaves node_modules out, embeds the symbols and saves a versioned index', async () => {
    const text = await output('index_codebase');
    expect(text).toMatch(/^Indexed \/crew in \d+ ms: 14 file\(s\), 33 symbol\(s\), 6 package\(s\); /);
    for (const language of ['python 3', 'typescript 3', 'java 2', 'go 2', 'csharp 2', 'javascript 1', 'tsx 1'])
      expect(text).toContain(language);
    expect(text).toContain('20 added');
    expect(text).toContain('Search: words and vectors (scripted-words, 64 dimensions); 33 symbol(s) embedded now.');
    expect(text).toContain('Saved in /output/raggable-tree/crew.json.');
    expect(embeddings.texts).toHaveLength(33);
    expect(embeddings.texts).toContain(
      'class Cart in /crew/web/src/cart.ts\nclass Cart\nHolds what the customer buys.',
    );
    const saved = JSON.parse(await readFile(join(folder.path, 'out', 'raggable-tree', 'crew.json'), 'utf8'));
    expect(saved).toMatchObject({ version: 1, root: '/crew', includeStatements: false });
    expect(saved.embedding).toEqual({ model: 'scripted-words', dimensions: 64 });
    const paths = saved.files.map((file: { path: string }) => file.path);
    expect(paths).toContain('/crew/gateway/handlers/orders.go');
    expect(paths.some((path: string) => path.includes('node_modules'))).toBe(false);
  });

  it('index_status tells the size, where the index is saved, the search mode and that it is up to date', async () => {
    const text = await output('index_status');
    expect(text).toContain('Index of /crew: 14 file(s), 33 symbol(s), 6 package(s)');
    expect(text).toContain('statements are not kept');
    expect(text).toMatch(/Made \d{4}-\d\d-\d\dT[\d:.]+Z; saved in \/output\/raggable-tree\/crew\.json\./);
    expect(text).toContain('Search: words and vectors (scripted-words, 64 dimensions).');
    expect(text).toContain('Up to date with the files.');
  });

  it('is_path_indexed says indexed and fresh, or why not', async () => {
    expect(await output('is_path_indexed', { path: '/crew/web/src/cart.ts' })).toBe(
      '/crew/web/src/cart.ts is indexed (5 symbol(s)) and up to date.',
    );
    expect(await output('is_path_indexed', { path: '/crew/web' })).toBe(
      '/crew/web is indexed: 2 file(s), 6 symbol(s) below it.',
    );
    expect(await output('is_path_indexed', { path: '/crew/node_modules/left-pad/index.js' })).toBe(
      "/crew/node_modules/left-pad/index.js is not indexed: it is excluded by the pattern 'node_modules' (RaggableTree:Exclude).",
    );
    expect(await output('is_path_indexed', { path: '/crew/README.md' })).toMatch(
      /^\/crew\/README\.md is not indexed: its extension is not one the index parses \(\.ts, .*\.cs\)\.$/,
    );
    expect(await output('is_path_indexed', { path: '/crew/web/package.json' })).toContain('it is a project file');
    expect(await output('is_path_indexed', { path: '/output/x.ts' })).toBe(
      '/output/x.ts is not indexed: it is outside the indexed folder /crew.',
    );
    expect(await output('is_path_indexed', { path: '/crew/missing.ts' })).toMatch(
      /^\/crew\/missing\.ts is not indexed: .*not/i,
    );
  });

  it('codebase_map shows L0 to L3 with each package’s project file and frameworks', async () => {
    const text = await output('codebase_map', { depth: 3 });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^L0 \/crew: 6 package\(s\), 14 file\(s\), 33 symbol\(s\); /);
    expect(lines).toContain(
      'L1 shop-api (/crew/api, pyproject.toml): 3 file(s), 8 symbol(s); frameworks: flask, sqlalchemy',
    );
    expect(lines).toContain(
      'L1 billing (/crew/billing, pom.xml): 2 file(s), 6 symbol(s); frameworks: spring, spring-boot',
    );
    expect(lines).toContain('L1 @shop/core (/crew/core, package.json): 3 file(s), 3 symbol(s); frameworks: express');
    expect(lines).toContain('L1 example.com/gateway (/crew/gateway, go.mod): 2 file(s), 5 symbol(s); frameworks: gin');
    expect(lines).toContain(
      'L1 Ledger (/crew/ledger, Ledger.csproj): 2 file(s), 5 symbol(s); frameworks: aspnetcore, efcore',
    );
    expect(lines).toContain(
      'L1 @shop/web (/crew/web, package.json): 2 file(s), 6 symbol(s); frameworks: react, vitest',
    );
    expect(lines).toContain('  L2 src/cart (typescript, 5 symbol(s))');
    expect(lines).toContain('    L3 class Cart, function applyDiscount');
    expect(lines).toContain('    L3 struct OrderHandler, function NewOrderHandler');

    const packagesOnly = await output('codebase_map', { depth: 1 });
    expect(packagesOnly.split('\n')).toHaveLength(7);
    const web = await output('codebase_map', { path: '/crew/web', depth: 2 });
    expect(web.split('\n')).toEqual([
      'L0 /crew/web: 1 package(s), 2 file(s), 6 symbol(s); tsx 1, typescript 1',
      'L1 @shop/web (/crew/web, package.json): 2 file(s), 6 symbol(s); frameworks: react, vitest',
      '  L2 src/app (tsx, 1 symbol(s))',
      '  L2 src/cart (typescript, 5 symbol(s))',
    ]);
    expect(await output('codebase_map', { depth: 2, max_lines: 10 })).toMatch(/\n… \d+ more line\(s\): map a folder/);
  });

  it('package_summary tells a package’s dependencies both ways, its API and its most complex functions', async () => {
    const web = await output('package_summary', { package: '@shop/web' });
    expect(web).toContain('Package @shop/web (/crew/web): 2 file(s), 6 symbol(s); tsx 1, typescript 1.');
    expect(web).toContain('Frameworks: react, vitest.');
    expect(web).toContain('Uses (in the index): @shop/core. Used by: none.');
    expect(web).toContain('Declared dependencies (3): react, @shop/core, vitest.');
    expect(web).toContain(
      'Exported top-level symbols (3): function App (src/app), class Cart (src/cart), function applyDiscount (src/cart).',
    );
    expect(web).toMatch(/Most complex: Cart::add 3 \(\/crew\/web\/src\/cart\.ts:6-9\)/);
    const core = await output('package_summary', { package: '/crew/core' });
    expect(core).toContain('Uses (in the index): none. Used by: @shop/web.');
    expect(core).toContain('Imported from outside: express ×1.');
    expect(await output('package_summary', { package: 'nope' })).toMatch(
      /^No package 'nope' in the index of \/crew\. Packages: .*@shop\/web/,
    );
  });

  it('symbol_detail describes a symbol with its members, calls, callers and types', async () => {
    const cart = await output('symbol_detail', { symbol: 'Cart' });
    expect(cart.split('\n')).toEqual([
      'class @shop/web::src/cart::Cart (exported)',
      '/crew/web/src/cart.ts:2-17, typescript, package @shop/web',
      'Signature: class Cart',
      'Doc: Holds what the customer buys.',
      'Members (3): property items, method add, method total',
      'Called or constructed by (1): @shop/web::src/app::App',
    ]);
    const deposit = await output('symbol_detail', { symbol: 'AccountsController.Deposit' });
    expect(deposit).toContain(
      'method Ledger::Controllers/AccountsController::AccountsController::Deposit (public, exported)',
    );
    expect(deposit).toContain(
      'Calls in the index (2): Ledger::Accounts/Account::Account, Ledger::Accounts/Account::Account::Credit',
    );
    expect(deposit).toContain('Member of: Ledger::Controllers/AccountsController::AccountsController');
    const controller = await output('symbol_detail', { symbol: 'AccountsController' });
    expect(controller).toContain('Extends or implements: ControllerBase (outside the index)');
    const service = await output('symbol_detail', { symbol: 'OrderService::place' });
    expect(service).toContain('Doc: Places an order for the lines given.');
    expect(service).toContain(
      'Calls in the index (2): shop-api::shop_api/models::Order, shop-api::shop_api/service::OrderService::_store',
    );
    expect(service).toContain('Calls outside the index: ValueError');
    const list = await output('symbol_detail', { symbol: 'OrderHandler::List' });
    expect(list).toContain('Member of: example.com/gateway::handlers/orders::OrderHandler');
    expect(list).toContain('Cyclomatic complexity: 4');
  });

  it('symbol_detail lists the candidates of an ambiguous name and points to search for an unknown one', async () => {
    const amount = await output('symbol_detail', { symbol: 'amount' });
    expect(amount.split('\n')).toEqual([
      "'amount' names 2 symbols; call again with one of these qualified names:",
      '- method shop-api::shop_api/models::Order::amount (/crew/api/shop_api/models.py:9-10)',
      '- method billing::src/main/java/com/shop/billing/model/Invoice::Invoice::amount (/crew/billing/src/main/java/com/shop/billing/model/Invoice.java:10)',
    ]);
    expect(await output('symbol_detail', { symbol: 'shop-api::shop_api/models::Order::amount' })).toMatch(
      /^method shop-api::shop_api\/models::Order::amount/,
    );
    expect(await output('symbol_detail', { symbol: 'Checkout' })).toBe(
      "No symbol of the index of /crew is named 'Checkout'. Find it with codebase_search, then give its qualified name (package::module::Class::member).",
    );
  });

  it('symbol_source answers the code with line numbers, and context lines on request', async () => {
    expect(await output('symbol_source', { symbol: 'Cart::total' })).toBe(
      [
        'method @shop/web::src/cart::Cart::total — /crew/web/src/cart.ts:12-16',
        '12 |   total(): number {',
        '13 |     let sum = 0;',
        '14 |     for (const price of this.items) sum += price;',
        '15 |     return sum > 100 ? applyDiscount(sum) : sum;',
        '16 |   }',
      ].join('\n'),
    );
    const withContext = await output('symbol_source', { symbol: 'NewOrderHandler', context_lines: 1 });
    expect(withContext.split('\n')[0]).toBe(
      'function example.com/gateway::handlers/orders::NewOrderHandler — /crew/gateway/handlers/orders.go:8-12',
    );
    expect(withContext).toContain(' 8 | // NewOrderHandler makes a handler with the default limit.');
  });

  it('codebase_search fuses words and vectors, and filters by kind, language and folder', async () => {
    const text = await output('codebase_search', { query: 'formatPrice euros', top_k: 3 });
    expect(text.split('\n')[0]).toBe(
      "3 symbol(s) for 'formatPrice euros' (words and vectors, fused by reciprocal rank):",
    );
    expect(text).toContain('1. function @shop/core::src/price::formatPrice — /crew/core/src/price.ts:2-4');
    expect(text).toContain('   Formats an amount of cents as euros: formatPrice(1250) is "12.50 EUR".');
    const classes = await output('codebase_search', { query: 'order', kind: 'class', top_k: 10 });
    const kinds = [...classes.matchAll(/^\d+\. (\w+) /gm)].map((match) => match[1]);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['class']));
    expect(classes).toContain('class shop-api::shop_api/models::Order');
    const java = await output('codebase_search', { query: 'amount', language: 'java' });
    expect(java).toContain('billing::src/main/java/com/shop/billing/model/Invoice::Invoice::amount');
    expect(java).not.toContain('shop_api');
    const inGateway = await output('codebase_search', { query: 'order handler', path: '/crew/gateway' });
    expect(inGateway).not.toMatch(/\/crew\/(?!gateway)/);
  });

  it('dependency_graph resolves imports of every language to files, packages and outside packages', async () => {
    const packages = await output('dependency_graph');
    expect(packages).toContain('@shop/web → @shop/core');
    expect(packages).toContain('example.com/gateway → (no package of the index); outside: github.com/gin-gonic/gin');
    const files = (await output('dependency_graph', { level: 'file' })).split('\n');
    expect(files).toContain('/crew/api/shop_api/service.py: imports /crew/api/shop_api/models.py; outside: flask');
    expect(files).toContain(
      '/crew/billing/src/main/java/com/shop/billing/InvoiceService.java: imports /crew/billing/src/main/java/com/shop/billing/model/Invoice.java; outside: org.springframework.stereotype',
    );
    expect(files).toContain('/crew/core/src/server.js: imports /crew/core/src/price.ts; outside: express');
    expect(files).toContain(
      '/crew/gateway/main.go: imports /crew/gateway/handlers/orders.go; outside: github.com/gin-gonic/gin',
    );
    expect(files).toContain(
      '/crew/ledger/Controllers/AccountsController.cs: imports /crew/ledger/Accounts/Account.cs; outside: Microsoft.AspNetCore.Mvc',
    );
    expect(files).toContain('/crew/web/src/app.tsx: imports /crew/core/src/index.ts, /crew/web/src/cart.ts');
    const deep = await output('dependency_graph', { level: 'file', target: '/crew/web/src/app.tsx', depth: 2 });
    expect(deep.split('\n')).toContain('  /crew/core/src/index.ts: imports /crew/core/src/price.ts');
    const incoming = await output('dependency_graph', {
      level: 'file',
      target: '/crew/core/src/price.ts',
      direction: 'in',
    });
    expect(incoming).toContain(
      '/crew/core/src/price.ts: imported by /crew/core/src/index.ts, /crew/core/src/server.js',
    );
    const usedBy = await output('dependency_graph', { target: '@shop/core', direction: 'in' });
    expect(usedBy).toContain('@shop/core → (no package of the index); used by: @shop/web');
  });

  it('sub_graph shows the neighbourhood of a symbol or a file as nodes and edges', async () => {
    const text = await output('sub_graph', { symbol: 'Cart' });
    expect(text).toContain('Sub-graph of Cart (depth 1): 5 symbol(s), 4 edge(s)');
    expect(text).toContain('  @shop/web::src/cart::Cart contains @shop/web::src/cart::Cart::add');
    expect(text).toContain('  @shop/web::src/app::App calls @shop/web::src/cart::Cart');
    const deeper = await output('sub_graph', { symbol: 'Cart', depth: 2 });
    expect(deeper).toContain('  [2] function @shop/web::src/cart::applyDiscount (/crew/web/src/cart.ts:19-21)');
    expect(deeper).toContain('  @shop/web::src/cart::Cart::total calls @shop/web::src/cart::applyDiscount');
    const file = await output('sub_graph', { symbol: '/crew/gateway/handlers/orders.go' });
    expect(file).toContain(
      'File /crew/gateway/handlers/orders.go (example.com/gateway): imports no file of the index; imported by /crew/gateway/main.go.',
    );
    expect(file).toContain(
      '  example.com/gateway::main::main calls example.com/gateway::handlers/orders::NewOrderHandler',
    );
    const capped = await output('sub_graph', { symbol: 'Cart', depth: 3, max_nodes: 2 });
    expect(capped).toContain('… more symbols beyond 2');
  });

  it('flow_trace follows calls down and up, marking recursion and calls that leave the index', async () => {
    const down = await output('flow_trace', { symbol: 'App' });
    expect(down).toContain(
      '  → @shop/web::src/cart::Cart::total (/crew/web/src/cart.ts:12-16)\n    → @shop/web::src/cart::applyDiscount',
    );
    expect(down).toContain('    → @shop/core::src/price::roundCents (/crew/core/src/price.ts:6-8)');
    expect(down).toContain('      → outside the index: round');
    const up = await output('flow_trace', { symbol: 'roundCents', direction: 'callers', depth: 2 });
    expect(up.split('\n')).toEqual([
      'Callers of function @shop/core::src/price::roundCents (depth 2):',
      '@shop/core::src/price::roundCents (/crew/core/src/price.ts:6-8)',
      '  → @shop/core::src/price::formatPrice (/crew/core/src/price.ts:2-4)',
      '    → @shop/core::src/server::startServer (/crew/core/src/server.js:5-9)',
      '    → @shop/web::src/app::App (/crew/web/src/app.tsx:5-9)',
    ]);
    const recursive = await output('flow_trace', { symbol: 'depth' });
    expect(recursive).toContain(
      '  → shop-api::shop_api/models::depth (/crew/api/shop_api/models.py:13-15) (recursion)',
    );
    expect(await output('flow_trace', { symbol: 'applyDiscount' })).toContain('  (calls nothing)');
  });

  it('impact_analysis lists what depends on a symbol or a file, step by step, with the packages reached', async () => {
    const symbol = await output('impact_analysis', { target: 'roundCents' });
    expect(symbol).toContain('Step 1 (1): function @shop/core::src/price::formatPrice (/crew/core/src/price.ts:2-4)');
    expect(symbol).toMatch(/Step 2 \(2\): .*startServer.*App/);
    expect(symbol).toContain('Packages reached: @shop/core (4), @shop/web (2)');
    const shallow = await output('impact_analysis', { target: 'roundCents', depth: 1 });
    expect(shallow).not.toContain('Step 2');
    const type = await output('impact_analysis', { target: 'Account' });
    expect(type).toContain('Step 1 (1): method Ledger::Controllers/AccountsController::AccountsController::Deposit');
    const file = await output('impact_analysis', { target: '/crew/core/src/price.ts' });
    expect(file.split('\n')).toEqual([
      'Impact of changing /crew/core/src/price.ts, depth 3:',
      'Step 1 (2 file(s)): /crew/core/src/index.ts, /crew/core/src/server.js',
      'Step 2 (1 file(s)): /crew/web/src/app.tsx',
      'Symbols elsewhere that call its symbols (2): @shop/core::src/server::startServer, @shop/web::src/app::App',
      'Packages reached: @shop/core (2), @shop/web (1)',
    ]);
  });

  it('complexity_report ranks functions by cyclomatic complexity, for the whole, a folder or a package', async () => {
    const all = (await output('complexity_report', { top: 3 })).split('\n');
    expect(all[0]).toMatch(
      /^Complexity of 20 function\(s\) and method\(s\) in \/crew: average 1\.\d, highest 4; 0 at 10 or more\.$/,
    );
    expect(all[1]).toBe(
      '1. 4 method example.com/gateway::handlers/orders::OrderHandler::List — /crew/gateway/handlers/orders.go:14-20',
    );
    expect(all).toHaveLength(4);
    const billing = await output('complexity_report', { package: 'billing' });
    expect(billing).toContain(
      '1. 3 method billing::src/main/java/com/shop/billing/InvoiceService::InvoiceService::issue',
    );
    expect(billing).not.toContain('/crew/web');
    const web = await output('complexity_report', { path: '/crew/web', min_complexity: 3 });
    expect(web.split('\n').slice(1)).toEqual([
      '1. 3 method @shop/web::src/cart::Cart::add — /crew/web/src/cart.ts:6-9',
      '2. 3 method @shop/web::src/cart::Cart::total — /crew/web/src/cart.ts:12-16',
    ]);
  });

  it('statement_query lists a function’s statements (L4), by kind, parsed on demand', async () => {
    expect(await output('statement_query', { symbol: 'Cart::add' })).toBe(
      [
        '3 statement(s) of method @shop/web::src/cart::Cart::add (/crew/web/src/cart.ts, parsed now):',
        "L7         if     if (price < 0 || Number.isNaN(price)) throw new Error('bad price');",
        "L7         throw  throw new Error('bad price');",
        'L8         call   this.items.push(price);',
      ].join('\n'),
    );
    expect(await output('statement_query', { symbol: 'OrderService::place', kind: 'throw' })).toBe(
      [
        '1 throw statement(s) of method shop-api::shop_api/service::OrderService::place (/crew/api/shop_api/service.py, parsed now):',
        'L11        throw  raise ValueError("empty order")',
      ].join('\n'),
    );
    expect(await output('statement_query', { symbol: 'OrderHandler::List', kind: 'loop' })).toContain(
      'L15-19     loop  for i := 0; i < h.Limit; i++ {',
    );
    expect(await output('statement_query', { symbol: 'Cart' })).toBe(
      'class @shop/web::src/cart::Cart has no statements of its own; its functions and methods do: @shop/web::src/cart::Cart::add, @shop/web::src/cart::Cart::total.',
    );
  });

  it('incremental_reindex with nothing changed reads every file and parses none', async () => {
    const before = embeddings.texts.length;
    const text = await output('incremental_reindex');
    expect(text).toContain('No file changed since the last index (20 checked).');
    expect(embeddings.texts.length).toBe(before);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const relative = await callThrough(runtime, 'is_path_indexed', { path: 'web/src/cart.ts' });
    expect(relative.outcome).toBe('Failure');
    expect(relative.output).toContain("'web/src/cart.ts' is not a usable virtual path");
    expect(relative.output).toContain('Write an absolute virtual path such as /crew/src.');
    const badK = await callThrough(runtime, 'codebase_search', { query: 'cart', top_k: 0 });
    expect(badK.outcome).toBe('Failure');
    expect(badK.output).toMatch(/top_k/);
    const unknownKind = await callThrough(runtime, 'statement_query', { symbol: 'Cart::add', kind: 'goto' });
    expect(unknownKind.outcome).toBe('Failure');
    expect(await output('index_status')).toContain('Up to date with the files.');
  });

  it('gives code users the same index as the tools (RaggableTreeService)', async () => {
    const tree = runtime.services.get(RaggableTreeService);
    const graph = await tree.graph();
    expect(graph.symbols.get('@shop/web::src/cart::Cart::total')?.complexity).toBe(3);
    const found = await tree.search('customer cart', { topK: 1, kinds: ['class'] });
    expect(found.hits[0]?.symbol.id).toBe('@shop/web::src/cart::Cart');
  });
});

describe('directory_search', () => {
  it('finds passages of any text file of a folder, by words and vectors, without indexing', async () => {
    const text = await output('directory_search', { directory: '/crew', query: 'discount over 100', top_k: 3 });
    expect(text.split('\n')[0]).toMatch(
      /^\d passage\(s\) for 'discount over 100' in \/crew \(21 file\(s\) read, 20 chunk\(s\); words and vectors, fused by reciprocal rank\):$/,
    );
    expect(text).toMatch(/\[\d\] \/crew\/web\/src\/cart\.ts lines 1–21\n\/\*\* Holds what the customer buys\. \*\//);
    expect(text).not.toContain('node_modules');
  });

  it('takes a pattern, skips binary files and reads markdown and other text too', async () => {
    await writeFile(join(folder.path, 'code', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]));
    const python = await output('directory_search', { directory: '/crew/api', query: 'order', pattern: '*.py' });
    expect(python).toMatch(/\(3 file\(s\) read/);
    expect(python).not.toContain('pyproject.toml');
    const readme = await output('directory_search', {
      directory: '/crew',
      query: 'monorepo of small services',
      top_k: 1,
    });
    expect(readme).toContain('[1] /crew/README.md lines 1–3');
    expect(readme).toContain('1 skipped (binary, too large or too many)');
  });

  it('refuses a folder outside the mounts', async () => {
    const outside = await callThrough(runtime, 'directory_search', { directory: '/secrets', query: 'key' });
    expect(outside.outcome).not.toBe('Success');
    expect(outside.output).toMatch(/\/secrets/);
  });
});
