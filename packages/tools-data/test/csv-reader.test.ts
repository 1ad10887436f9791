import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvReaderTool } from '../src/index.js';
import { answerJson, createDataFixture, outsideSecret, runTool } from './data-fixture.js';

const table = (rows: number, columns = 3) =>
  [
    Array.from({ length: columns }, (_, column) => `c${column}`).join(','),
    ...Array.from({ length: rows }, (_, row) =>
      Array.from({ length: columns }, (_, column) => `${row}.${column}`).join(','),
    ),
  ].join('\n');

describe('csv_reader', () => {
  it('returns a window of rows with the header as columns, and says how to get the rest', async () => {
    await using fixture = await createDataFixture();
    const path = await fixture.file('t.csv', table(20));
    const tool = createCsvReaderTool({ MaxRows: 100 });
    const answer = answerJson(await runTool(tool, fixture.vfs, { path, offset: 5, limit: 3 }));
    expect(answer.columns).toEqual(['c0', 'c1', 'c2']);
    expect(answer.rows).toEqual([
      ['5.0', '5.1', '5.2'],
      ['6.0', '6.1', '6.2'],
      ['7.0', '7.1', '7.2'],
    ]);
    expect(answer.summary).toMatch(/^Rows 6-8 of at least 9 in '\/workspace\/t\.csv'/);
    expect(answer.summary).toContain('Ask with offset 8');
    const last = answerJson(await runTool(tool, fixture.vfs, { path, offset: 18 }));
    expect(last.summary).toMatch(/^Rows 19-20 of 20 in/);
    const beyond = answerJson(await runTool(tool, fixture.vfs, { path, offset: 25 }));
    expect(beyond.rows).toEqual([]);
    expect(beyond.summary).toContain('has 20 data rows');
  });

  it('caps limit at MaxRows and says so', async () => {
    await using fixture = await createDataFixture();
    const path = await fixture.file('t.csv', table(50));
    const answer = answerJson(await runTool(createCsvReaderTool({ MaxRows: 10 }), fixture.vfs, { path, limit: 40 }));
    expect(answer.rows).toHaveLength(10);
    expect(answer.summary).toContain('limit 40 is above the most one call returns (10, Svc:Tools:Data:MaxRows)');
  });

  it('counts and summarises a whole file without returning its rows', async () => {
    await using fixture = await createDataFixture();
    const lines = [
      'city,amount',
      ...Array.from({ length: 1_000 }, (_, row) => `${row % 2 === 0 ? 'Oslo' : 'Rome'},${row}`),
    ];
    lines.push('Oslo,');
    const path = await fixture.file('sales.csv', lines.join('\r\n'));
    const tool = createCsvReaderTool();
    const count = answerJson(await runTool(tool, fixture.vfs, { path, mode: 'count' }));
    expect(count.rows).toBe(1_001);
    const statistics = answerJson(await runTool(tool, fixture.vfs, { path, mode: 'statistics' }));
    const [city, amount] = statistics.columns as Record<string, unknown>[];
    expect(city).toMatchObject({ column: 'city', filled: 1_001, distinct: 2, examples: ['Oslo', 'Rome'] });
    expect(amount).toMatchObject({
      column: 'amount',
      filled: 1_000,
      empty: 1,
      numbers: { count: 1_000, min: 0, max: 999, sum: 499_500, mean: 499.5 },
      distinct: 'more than 100',
    });
  });

  it('guesses ; tab and | delimiters, honours an explicit one, and reads without a header', async () => {
    await using fixture = await createDataFixture();
    const tool = createCsvReaderTool();
    const semicolon = await fixture.file('s.csv', 'a;b\n"x,y";2\n');
    expect(answerJson(await runTool(tool, fixture.vfs, { path: semicolon })).rows).toEqual([['x,y', '2']]);
    const tab = await fixture.file('t.tsv', 'a\tb\n1\t2\n');
    expect(answerJson(await runTool(tool, fixture.vfs, { path: tab, header: false })).rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    const pipe = await fixture.file('p.csv', 'a|b\n1|2\n');
    expect(answerJson(await runTool(tool, fixture.vfs, { path: pipe, delimiter: ',' })).rows).toEqual([['1|2']]);
    const single = await fixture.file('one.csv', 'single\nvalue\n');
    const answer = answerJson(await runTool(tool, fixture.vfs, { path: single }));
    expect(answer.columns).toEqual(['single']);
    expect(answer.rows).toEqual([['value']]);
  });

  it('reads latin1 and strips a UTF-8 byte order mark', async () => {
    await using fixture = await createDataFixture();
    const tool = createCsvReaderTool();
    const bom = await fixture.file('bom.csv', '\ufeffname\nÅse\n');
    expect(answerJson(await runTool(tool, fixture.vfs, { path: bom })).columns).toEqual(['name']);
    const latin = await fixture.file('latin.csv', Buffer.from('name\nJosé\n', 'latin1'));
    expect(answerJson(await runTool(tool, fixture.vfs, { path: latin, encoding: 'latin1' })).rows).toEqual([['José']]);
  });

  it('stops reading once the window is full: a broken record later in the file is never reached', async () => {
    await using fixture = await createDataFixture();
    const big = `${table(20_000)}\n"never closed,1,2\n`;
    const path = await fixture.file('big.csv', big);
    const tool = createCsvReaderTool({ MaxRows: 10 });
    const progress: number[] = [];
    const result = await runTool(
      tool,
      fixture.vfs,
      { path },
      { onProgress: (update) => progress.push(update.progress) },
    );
    const answer = answerJson(result);
    expect(answer.rows).toHaveLength(10);
    expect(answer.summary).toMatch(/Rows 1-10 of at least 11 .* \(about [\d,]+ judged by the share of the file read\)/);
    expect(progress).toEqual([]);
    const whole = await runTool(tool, fixture.vfs, { path, mode: 'count' });
    expect(whole.outcome).toBe('Failure');
    expect(whole.output).toMatch(/is not valid CSV: Quote Not Closed/);
  });

  it('keeps an answer within MaxCharacters and cuts overlong cells, saying so', async () => {
    await using fixture = await createDataFixture();
    const rows = ['text', ...Array.from({ length: 50 }, () => 'x'.repeat(600)), 'y'.repeat(5_000)];
    const path = await fixture.file('wide.csv', rows.join('\n'));
    const tool = createCsvReaderTool({ MaxCharacters: 4_000 });
    const answer = answerJson(await runTool(tool, fixture.vfs, { path }));
    expect((answer.rows as unknown[]).length).toBeLessThan(10);
    expect(answer.summary).toContain(
      'The character limit of one answer (Svc:Tools:Data:MaxCharacters) ended the list early',
    );
    const last = answerJson(await runTool(tool, fixture.vfs, { path, offset: 50 }));
    expect((last.rows as string[][])[0]?.[0]).toMatch(/^y{400}… \[cut: 5000 characters\]$/);
    expect(last.summary).toContain('1 cell longer than 400 characters was cut');
  });

  describe('hostile input', () => {
    it('refuses paths that leave the mounts: traversal, no mount, a link out of the mount', async () => {
      await using fixture = await createDataFixture();
      const tool = createCsvReaderTool();
      for (const path of [
        '/workspace/../outside/secret.csv',
        '/etc/passwd',
        '/workspace/escape/secret.csv',
        'secret.csv',
      ]) {
        const result = await runTool(tool, fixture.vfs, { path });
        expect(result.outcome, path).toBe('Denied');
        expect(result.output).not.toContain(outsideSecret);
        expect(result.output).not.toContain(fixture.root.path);
      }
      const missing = await runTool(tool, fixture.vfs, { path: '/workspace/none.csv' });
      expect(missing.outcome).toBe('Failure');
      const directory = await runTool(tool, fixture.vfs, { path: '/workspace' });
      expect(directory.output).toMatch(/directory/);
    });

    it('refuses an unclosed quote with the line, and reads past it when lenient', async () => {
      await using fixture = await createDataFixture();
      const path = await fixture.file('bad.csv', 'a,b\n1,2\n"3,4\n5,6\n');
      const tool = createCsvReaderTool();
      const strict = await runTool(tool, fixture.vfs, { path });
      expect(strict.outcome).toBe('Failure');
      expect(strict.output).toMatch(/'\/workspace\/bad\.csv' is not valid CSV: Quote Not Closed.*at line \d/);
      expect(strict.output).toContain('lenient: true');
      const stray = await fixture.file('stray.csv', 'a,b\n1,x"y\n');
      expect((await runTool(tool, fixture.vfs, { path: stray })).outcome).toBe('Failure');
      expect(answerJson(await runTool(tool, fixture.vfs, { path: stray, lenient: true })).rows).toEqual([['1', 'x"y']]);
    });

    it('refuses a record longer than MaxRecordCharacters instead of buffering the file', async () => {
      await using fixture = await createDataFixture();
      await writeFile(join(fixture.workspace, 'huge.csv'), `a\n"${'z'.repeat(3_000_000)}\n`);
      const result = await runTool(createCsvReaderTool({ MaxRecordCharacters: 100_000 }), fixture.vfs, {
        path: '/workspace/huge.csv',
      });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain('Svc:Tools:Data:MaxRecordCharacters');
    });

    it('stops when the call is cancelled', async () => {
      await using fixture = await createDataFixture();
      const path = await fixture.file('t.csv', table(100_000));
      const controller = new AbortController();
      controller.abort(new Error('timed out'));
      const result = await runTool(
        createCsvReaderTool(),
        fixture.vfs,
        { path, mode: 'count' },
        { signal: controller.signal },
      );
      expect(result.outcome).toBe('Failure');
      expect(result.output).toMatch(/stopped before it finished \(timed out\)/);
    });

    it('rejects an unknown mode, a negative offset and extra keys before running', () => {
      const schema = createCsvReaderTool().inputSchema;
      expect(schema.safeParse({ path: '/a.csv', mode: 'delete' }).success).toBe(false);
      expect(schema.safeParse({ path: '/a.csv', offset: -1 }).success).toBe(false);
      expect(schema.safeParse({ path: '/a.csv', sql: 'DROP TABLE x' }).success).toBe(false);
    });
  });

  it('property: the window is rows [offset, offset + min(limit, MaxRows)) and "more" is right', async () => {
    await using fixture = await createDataFixture();
    const maxRows = 25;
    const tool = createCsvReaderTool({ MaxRows: maxRows });
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
        async (rows, offset, limit) => {
          file += 1;
          const path = await fixture.file(`p${file}.csv`, `${table(rows, 2)}\n`);
          const answer = answerJson(
            await runTool(tool, fixture.vfs, { path, offset, ...(limit === undefined ? {} : { limit }) }),
          );
          const take = Math.min(limit ?? maxRows, maxRows);
          const expected = Array.from({ length: Math.max(0, Math.min(rows, offset + take) - offset) }, (_, index) => [
            `${offset + index}.0`,
            `${offset + index}.1`,
          ]);
          expect(answer.rows).toEqual(expected);
          const more = offset + take < rows;
          expect(String(answer.summary).includes(`Ask with offset ${offset + take} `)).toBe(more);
          if (!more && expected.length > 0) expect(answer.summary).toContain(`of ${rows} in`);
        },
      ),
      { numRuns: 40 },
    );
  });
});
