import { createServer } from 'node:net';
import { createMemoryItem, type MemoryItemInput } from '@orkeon/core';
import { captureLogger, type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { PostgresMemoryProvider } from '../src/index.js';

const { afterAll, beforeAll, describe, expect, it } = vitest;
const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
const item = (content: string, extra: Omit<MemoryItemInput, 'content'> = {}) =>
  createMemoryItem({ content, ...extra }, at);

let server: PostgresServer;
/** A client for looking at the database from the outside. */
let observer: pg.Pool;
let tableCounter = 0;
const freshTable = (purpose: string) => `${purpose}_${tableCounter++}`;

beforeAll(async () => {
  // Debian's PostgreSQL (15 on this machine), which has no pgvector package.
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

describeMemoryProviderConformance(vitest, 'PostgresMemoryProvider (real[], PostgreSQL without pgvector)', async () => {
  const provider = new PostgresMemoryProvider({
    connectionString: server.connectionString,
    table: freshTable('conformance'),
    logger: captureLogger().logger,
  });
  return { provider, dispose: () => provider.close() };
});

async function columnType(table: string): Promise<string | undefined> {
  const result = await observer.query<{ type: string }>(
    `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = to_regclass($1::text) AND attname = 'embedding'`,
    [table],
  );
  return result.rows[0]?.type;
}

function newProvider(table: string, logger = captureLogger().logger): PostgresMemoryProvider {
  return new PostgresMemoryProvider({ connectionString: server.connectionString, table, logger });
}

describe('PostgresMemoryProvider on a server without pgvector', () => {
  it('keeps vectors as real[], scores them exactly in SQL, and warns once naming the missing extension and the cost', async () => {
    expect(
      (await observer.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")).rows,
      'this test needs a server without pgvector',
    ).toEqual([]);
    const table = freshTable('fallback');
    const logs = captureLogger();
    await using provider = newProvider(table, logs.logger);
    await provider.start();
    await provider.start();
    await provider.storeWithEmbedding('north', item('north'), [1, 0, 0]);
    await provider.storeWithEmbedding('zero', item('no direction'), [0, 0, 0]);
    expect((await provider.searchSimilar([1, 1, 0])).map((hit) => [hit.key, hit.score.toFixed(6)])).toEqual([
      ['north', (1 / Math.SQRT2).toFixed(6)],
      ['zero', '0.000000'],
    ]);
    await provider.search('north');
    expect(await columnType(table)).toBe('real[]');
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ table, extension: 'vector' });
    expect(String(warnings[0]?.msg)).toMatch(/pgvector extension \('vector'\) is not installed/);
    expect(String(warnings[0]?.msg)).toMatch(
      /a full scan whose time grows with the number of memories .*instead of using an HNSW index/,
    );
  });

  it('scores words by the fraction of the query found, split by PostgreSQL, and reads every query as words only', async () => {
    await using provider = newProvider(freshTable('words'));
    await provider.store('tea', item('Ada drinks green tea every morning.'));
    await provider.store('nuts', item('Ada is allergic to nuts.'));
    await provider.store('bob', item('Bob prefers coffee.'));
    await provider.store(
      'mail',
      item("Write to ada@example.com about src/index.ts; it's 3.14 and a back\\slash'd word"),
    );
    expect((await provider.search('Ada tea')).map((hit) => [hit.key, hit.score])).toEqual([
      ['tea', 1],
      ['nuts', 0.5],
    ]);
    expect((await provider.search("tea' | !ada & (:* \\ '); DROP TABLE x; --")).map((hit) => hit.key)).toEqual([
      'tea',
      'nuts',
    ]);
    // PostgreSQL's parser keeps an address, a path and a decimal number whole: found whole, not by a part.
    for (const whole of ['ada@example.com', 'src/index.ts', '3.14'])
      expect((await provider.search(whole)).map((hit) => [hit.key, hit.score])).toEqual([['mail', 1]]);
    expect(await provider.search('example')).toEqual([]);
    expect((await provider.search("back\\slash'd")).map((hit) => hit.key)).toEqual(['mail']);
    // A word of PostgreSQL's can hold a quote (a URL's path): it is escaped, never read as syntax.
    await provider.store('url', item("See x.org/o'neil for more."));
    expect((await provider.search("x.org/o'neil")).map((hit) => [hit.key, hit.score])).toEqual([['url', 1]]);
    expect(await provider.search('a I !')).toEqual([]);
    expect(await provider.search('tea', 0)).toEqual([]);
    expect((await provider.get('bob'))?.content).toBe('Bob prefers coffee.');
  });

  it('reads back what it stored: 32-bit vectors, the metadata as JSON; refuses what PostgreSQL cannot hold', async () => {
    await using provider = newProvider(freshTable('exact'));
    const rich = item('Ada likes tea.', {
      embedding: [0.1, -0.2, 0.3],
      importance: 0.75,
      type: 'entity',
      metadata: {
        source: 'crew',
        tags: ['drinks', 'ada'],
        createdBy: 'agent-1',
        customProperties: { nested: { list: [1, 'two', null], quote: 'a "b" \\ c' } },
      },
    });
    await provider.store('rich', rich);
    expect(await provider.get('rich')).toEqual(rich);
    await provider.storeWithEmbedding('tiny', item('tiny'), [1e-50, 1, 0]);
    expect((await provider.get('tiny'))?.embedding).toEqual([0, 1, 0]);
    for (const unstorable of [
      provider.store('nul', item('a\u0000b')),
      provider.store('half', item('a\ud800b')),
      provider.store('meta', item('fine', { metadata: { customProperties: { text: 'x\u0000' } } })),
      provider.storeWithEmbedding('huge', item('huge'), [1e39, 0, 0]),
    ])
      await expect(unstorable).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    for (const key of ['nul', 'half', 'meta', 'huge']) expect(await provider.get(key)).toBeUndefined();
  });

  it('storeMany keeps all or nothing in one statement, the last of a repeated key winning', async () => {
    await using provider = newProvider(freshTable('batch'));
    await expect(
      provider.storeMany([
        { key: 'a', item: item('first', { embedding: [1, 0] }) },
        { key: 'b', item: { ...item('x'), content: ' ' } },
      ]),
    ).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    expect(await provider.get('a')).toBeUndefined();
    await provider.storeMany([
      { key: 'a', item: item('first', { embedding: [1, 0] }) },
      { key: 'b', item: item('second') },
      { key: 'a', item: item('replaced', { embedding: [0, 1] }) },
    ]);
    expect((await provider.get('a'))?.content).toBe('replaced');
    expect((await provider.searchSimilar([0, 1]))[0]).toMatchObject({ key: 'a', score: 1 });
    expect(await provider.delete('b')).toBe(true);
  });

  it('shares one table between processes: started together, the length the first vector fixes holds for all', async () => {
    const table = freshTable('shared');
    const stores = [newProvider(table), newProvider(table), newProvider(table)];
    try {
      await Promise.all(stores.map((store) => store.start()));
      const [first, second] = stores as [PostgresMemoryProvider, PostgresMemoryProvider];
      await first.storeWithEmbedding('north', item('north'), [1, 0, 0]);
      expect((await second.searchSimilar([1, 0, 0])).map((hit) => hit.key)).toEqual(['north']);
      await expect(second.storeWithEmbedding('flat', item('flat'), [1, 0])).rejects.toThrow(
        /vector of 2 dimensions, and table '.*' holds vectors of 3/,
      );
    } finally {
      for (const store of stores) await store.close();
    }
  });

  it('refuses a table of a later layout or of someone else, and any use after close', async () => {
    const table = freshTable('layout');
    const provider = newProvider(table);
    await provider.start();
    await provider.close();
    await expect(provider.get('x')).rejects.toMatchObject({ code: 'POSTGRES_MEMORY_CLOSED' });
    await observer.query(`UPDATE ${table}_schema_version SET version = 99`);
    await using later = newProvider(table);
    await expect(later.start()).rejects.toMatchObject({
      code: 'POSTGRES_MEMORY_SCHEMA_TOO_NEW',
      message: expect.stringContaining('layout version 99, newer than the 1'),
    });
    const foreign = freshTable('foreign');
    await observer.query(`CREATE TABLE ${foreign} (id integer PRIMARY KEY)`);
    await using stranger = newProvider(foreign);
    await expect(stranger.start()).rejects.toMatchObject({
      code: 'POSTGRES_MEMORY_SETUP_FAILED',
      message: expect.stringContaining(`table '${foreign}' exists but was not made by this store`),
    });
  });

  it('never shows the password: not in the error of an unreachable server, nor in what is logged', async () => {
    const password = 'Sup3r-Secret-pw';
    const logs = captureLogger();
    const closedPort = await unusedPort();
    const provider = new PostgresMemoryProvider({
      connectionString: `postgresql://orkeon:${password}@127.0.0.1:${closedPort}/memories`,
      logger: logs.logger,
    });
    const error = await provider.start().then(
      () => undefined,
      (failure: unknown) => failure as Error & { code: string; cause?: Error },
    );
    await provider.close();
    expect(error?.code).toBe('POSTGRES_MEMORY_SETUP_FAILED');
    expect(error?.message).toContain(`postgresql://orkeon@127.0.0.1:${closedPort}/memories`);
    const everything = `${error?.message} ${error?.stack} ${JSON.stringify(error)} ${error?.cause?.message} ${logs.text()}`;
    expect(everything).not.toContain(password);
    expect(
      () => new PostgresMemoryProvider({ connectionString: `postgresql://orkeon:${password}@host:99999/x` }),
    ).toThrow(
      expect.objectContaining({
        code: 'POSTGRES_MEMORY_OPTIONS_INVALID',
        message: expect.not.stringContaining(password),
      }),
    );
  });
});

/** A loopback port nothing listens on (taken from the system, then let go). */
async function unusedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  await new Promise((resolve) => listener.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}
