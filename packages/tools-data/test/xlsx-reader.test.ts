import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createXlsxReaderTool } from '../src/index.js';
import { answerJson, createDataFixture, outsideSecret, runTool } from './data-fixture.js';
import { type Row, writeStreamedWorkbook, writeWholeWorkbook } from './xlsx-fixtures.js';

const people: Row[] = [
  ['name', 'age', 'joined'],
  ['Ada', 36, new Date('2024-01-02T00:00:00Z')],
  ['Alan', 41, new Date('2023-05-06T00:00:00Z')],
];
const expectedPeople = [
  ['Ada', 36, '2024-01-02T00:00:00.000Z'],
  ['Alan', 41, '2023-05-06T00:00:00.000Z'],
];

describe('xlsx_reader', () => {
  const layouts = [
    ['written whole', (path: string) => writeWholeWorkbook(path, { People: people, Other: [['x'], ['y']] })],
    [
      'streamed, shared strings and styles after the sheets',
      (path: string) =>
        writeStreamedWorkbook(
          path,
          { People: people, Other: [['x'], ['y']] },
          { useSharedStrings: true, useStyles: true },
        ),
    ],
    [
      'streamed, inline strings',
      (path: string) =>
        writeStreamedWorkbook(
          path,
          { People: people, Other: [['x'], ['y']] },
          { useSharedStrings: false, useStyles: true },
        ),
    ],
  ] as const;

  for (const [layout, write] of layouts) {
    it(`reads rows, dates, sheets by name and position (${layout})`, async () => {
      await using fixture = await createDataFixture();
      await write(join(fixture.workspace, 'book.xlsx'));
      const tool = createXlsxReaderTool();
      const path = '/workspace/book.xlsx';
      const first = answerJson(await runTool(tool, fixture.vfs, { path }));
      expect(first.columns).toEqual(['name', 'age', 'joined']);
      expect(first.rows).toEqual(expectedPeople);
      expect(first.summary).toContain("sheet 'People' of '/workspace/book.xlsx'");
      expect(first.summary).toContain('These are sheet rows 2-3');
      const byName = answerJson(await runTool(tool, fixture.vfs, { path, sheet: 'other', header: false }));
      expect(byName.rows).toEqual([['x'], ['y']]);
      const byPosition = answerJson(await runTool(tool, fixture.vfs, { path, sheet: 2 }));
      expect(byPosition.columns).toEqual(['x']);
      const sheets = answerJson(await runTool(tool, fixture.vfs, { path, mode: 'sheets' }));
      expect(sheets.sheets).toEqual([
        { position: 1, name: 'People' },
        { position: 2, name: 'Other' },
      ]);
      const missing = await runTool(tool, fixture.vfs, { path, sheet: 'Budget' });
      expect(missing.outcome).toBe('Failure');
      expect(missing.output).toContain("has no sheet named 'Budget'; its 2 sheets: 'People', 'Other'");
    });
  }

  it('reads a range, counts, and summarises a sheet', async () => {
    await using fixture = await createDataFixture();
    const rows: Row[] = [['id', 'city', 'amount', 'note']];
    for (let index = 1; index <= 300; index++) rows.push([index, index % 3 === 0 ? 'Oslo' : 'Rome', index * 2, null]);
    await writeWholeWorkbook(join(fixture.workspace, 'sales.xlsx'), { Sales: rows });
    const tool = createXlsxReaderTool({ MaxRows: 50 });
    const path = '/workspace/sales.xlsx';
    const range = answerJson(await runTool(tool, fixture.vfs, { path, range: 'B3:C5', header: false }));
    expect(range.columns).toEqual(['B', 'C']);
    expect(range.rows).toEqual([
      ['Rome', 4],
      ['Oslo', 6],
      ['Rome', 8],
    ]);
    const count = answerJson(await runTool(tool, fixture.vfs, { path, mode: 'count' }));
    expect(count.rows).toBe(300);
    const statistics = answerJson(await runTool(tool, fixture.vfs, { path, mode: 'statistics' }));
    expect(statistics.columns).toEqual([
      expect.objectContaining({ column: 'id', filled: 300, numbers: expect.objectContaining({ min: 1, max: 300 }) }),
      expect.objectContaining({ column: 'city', filled: 300, distinct: 2, examples: ['Rome', 'Oslo'] }),
      expect.objectContaining({ column: 'amount', numbers: expect.objectContaining({ sum: 90_300 }) }),
      expect.objectContaining({ column: 'note', filled: 0, empty: 300 }),
    ]);
    const window = answerJson(await runTool(tool, fixture.vfs, { path, offset: 100 }));
    expect((window.rows as Row[])[0]).toEqual([101, 'Rome', 202]);
    expect(window.summary).toMatch(/Rows 101-150 of at least 151 .*Ask with offset 150/);
  });

  it('stops at the requested rows of a large streamed workbook and still resolves shared strings stored after it', async () => {
    await using fixture = await createDataFixture();
    await writeStreamedWorkbook(
      join(fixture.workspace, 'big.xlsx'),
      {
        Big: (add) => {
          add(['n', 'label']);
          for (let index = 0; index < 40_000; index++) add([index, `label ${index % 500}`]);
        },
      },
      { useSharedStrings: true, useStyles: false },
    );
    const tool = createXlsxReaderTool({ MaxRows: 3, MaxUncompressedBytes: 1_000 });
    const answer = answerJson(await runTool(tool, fixture.vfs, { path: '/workspace/big.xlsx', offset: 10 }));
    expect(answer.rows).toEqual([
      [10, 'label 10'],
      [11, 'label 11'],
      [12, 'label 12'],
    ]);
    expect(answer.summary).toMatch(/Rows 11-13 of at least 14/);
  });

  it('fills gaps between rows with empty rows so offsets match sheet rows', async () => {
    await using fixture = await createDataFixture();
    const rows: Row[] = [['a'], ['one'], [null], [null], ['four']];
    await writeWholeWorkbook(join(fixture.workspace, 'gaps.xlsx'), { Gaps: rows });
    const answer = answerJson(await runTool(createXlsxReaderTool(), fixture.vfs, { path: '/workspace/gaps.xlsx' }));
    expect(answer.rows).toEqual([['one'], [], [], ['four']]);
  });

  describe('hostile input', () => {
    it('refuses paths outside the mounts and a link out of the mount', async () => {
      await using fixture = await createDataFixture();
      await writeWholeWorkbook(join(fixture.outside, 'secret.xlsx'), { S: [[outsideSecret]] });
      const tool = createXlsxReaderTool();
      for (const path of ['/workspace/escape/secret.xlsx', '/workspace/../../secret.xlsx', '/outside/secret.xlsx']) {
        const result = await runTool(tool, fixture.vfs, { path });
        expect(result.outcome, path).toBe('Denied');
        expect(result.output).not.toContain(outsideSecret);
      }
    });

    it('answers a file that is not a workbook, or a truncated one, with a clear failure', async () => {
      await using fixture = await createDataFixture();
      const tool = createXlsxReaderTool();
      const csv = await fixture.file('fake.xlsx', 'a,b\n1,2\n');
      const notZip = await runTool(tool, fixture.vfs, { path: csv });
      expect(notZip.outcome).toBe('Failure');
      expect(notZip.output).toMatch(/not a readable XLSX workbook|no sheet list/);
      await writeWholeWorkbook(join(fixture.workspace, 'whole.xlsx'), { People: people });
      await copyFile(join(fixture.workspace, 'whole.xlsx'), join(fixture.workspace, 'cut.xlsx'));
      const { truncate } = await import('node:fs/promises');
      await truncate(join(fixture.workspace, 'cut.xlsx'), 900);
      const cut = await runTool(tool, fixture.vfs, { path: '/workspace/cut.xlsx' });
      expect(cut.outcome).toBe('Failure');
    });

    it('refuses a malformed range', async () => {
      await using fixture = await createDataFixture();
      await writeWholeWorkbook(join(fixture.workspace, 'book.xlsx'), { People: people });
      for (const range of ['D5:A1', 'A0', 'ZZZZ1', "A1:B2'; DROP", '']) {
        const result = await runTool(createXlsxReaderTool(), fixture.vfs, { path: '/workspace/book.xlsx', range });
        expect(result.outcome, range).toBe('Failure');
        expect(result.output).toContain('is not a sheet range');
      }
    });
  });
});
