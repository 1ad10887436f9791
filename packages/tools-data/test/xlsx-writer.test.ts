import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXlsxReaderTool, createXlsxWriterTool } from '../src/index.js';
import { answerJson, createDataFixture, runTool } from './data-fixture.js';
import { loadCells } from './xlsx-fixtures.js';

describe('xlsx_writer', () => {
  it('writes sheets with a header row that xlsx_reader reads back', async () => {
    await using fixture = await createDataFixture();
    const writer = createXlsxWriterTool();
    const result = await runTool(writer, fixture.vfs, {
      path: '/workspace/out/summary.xlsx',
      sheets: [
        {
          name: 'Totals',
          columns: ['region', 'total', 'final'],
          rows: [
            ['North', 12.5, true],
            ['South', -3, false],
          ],
        },
        { name: 'Notes', rows: [['only text']] },
      ],
    });
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(
      /^Wrote [\d.]+ KB to '\/workspace\/out\/summary\.xlsx' \(new file\): 2 sheets, 3 rows\.$/,
    );
    const reader = createXlsxReaderTool();
    const answer = answerJson(await runTool(reader, fixture.vfs, { path: '/workspace/out/summary.xlsx' }));
    expect(answer.columns).toEqual(['region', 'total', 'final']);
    expect(answer.rows).toEqual([
      ['North', 12.5, true],
      ['South', -3, false],
    ]);
  });

  it('writes text that looks like a formula as text, never as a formula, and says which cells', async () => {
    await using fixture = await createDataFixture();
    const hostile = ['=1+1', '+cmd|" /C calc"!A0', '-2+3', '@SUM(A1:A2)', '\t=HYPERLINK("http://169.254.169.254")'];
    const result = await runTool(createXlsxWriterTool(), fixture.vfs, {
      path: '/workspace/f.xlsx',
      sheets: [{ name: 'S', rows: [hostile, [42]] }],
    });
    expect(result.output).toContain(
      "5 cells starting with =, +, - or @ ('S'!A1, 'S'!B1, 'S'!C1, 'S'!D1, 'S'!E1) were written as text, not as formulas.",
    );
    const cells = await loadCells(await readFile(join(fixture.workspace, 'f.xlsx')), 'S');
    for (const cell of cells.slice(0, hostile.length)) {
      expect(cell.formula).toBeUndefined();
      expect(typeof cell.value).toBe('string');
    }
    const back = answerJson(
      await runTool(createXlsxReaderTool(), fixture.vfs, { path: '/workspace/f.xlsx', header: false }),
    );
    expect(back.rows).toEqual([hostile, [42]]);
  });

  describe('hostile input', () => {
    it('refuses to replace a file unless overwrite, to write outside a writable mount, or a path that is not .xlsx', async () => {
      await using fixture = await createDataFixture();
      const writer = createXlsxWriterTool();
      const sheets = [{ name: 'S', rows: [['a']] }];
      await fixture.file('exists.xlsx', 'keep me');
      const exists = await runTool(writer, fixture.vfs, { path: '/workspace/exists.xlsx', sheets });
      expect(exists.outcome).toBe('Failure');
      expect(exists.output).toContain('already exists; pass overwrite: true');
      expect(await readFile(join(fixture.workspace, 'exists.xlsx'), 'utf8')).toBe('keep me');
      expect(
        (await runTool(writer, fixture.vfs, { path: '/workspace/exists.xlsx', sheets, overwrite: true })).output,
      ).toContain('(replaced)');
      for (const path of ['/docs/a.xlsx', '/workspace/escape/a.xlsx', '/workspace/../../a.xlsx']) {
        const result = await runTool(writer, fixture.vfs, { path, sheets, overwrite: true });
        expect(result.outcome, path).toBe('Denied');
      }
      expect((await runTool(writer, fixture.vfs, { path: '/workspace/a.csv', sheets })).output).toContain(
        'must end in .xlsx',
      );
    });

    it('refuses sheet names Excel cannot open, duplicates, and more cells than MaxWriteCells', async () => {
      await using fixture = await createDataFixture();
      const writer = createXlsxWriterTool({ MaxWriteCells: 10 });
      for (const name of ['a/b', 'x'.repeat(32), ' ', "'quoted'", 'History']) {
        const result = await runTool(writer, fixture.vfs, { path: '/workspace/n.xlsx', sheets: [{ name, rows: [] }] });
        expect(result.outcome, name).toBe('Failure');
      }
      const twice = await runTool(writer, fixture.vfs, {
        path: '/workspace/n.xlsx',
        sheets: [
          { name: 'Data', rows: [] },
          { name: 'DATA', rows: [] },
        ],
      });
      expect(twice.output).toContain("Two sheets are named 'DATA'");
      const big = await runTool(writer, fixture.vfs, {
        path: '/workspace/n.xlsx',
        sheets: [{ name: 'S', rows: Array.from({ length: 4 }, () => ['a', 'b', 'c']) }],
      });
      expect(big.output).toContain('The sheets hold 12 cells; xlsx_writer writes at most 10');
    });

    it('leaves out characters XML cannot hold and says so', async () => {
      await using fixture = await createDataFixture();
      const result = await runTool(createXlsxWriterTool(), fixture.vfs, {
        path: '/workspace/c.xlsx',
        sheets: [{ name: 'S', rows: [['a\u0000b\u0007c\ud800d']] }],
      });
      expect(result.output).toContain('3 control characters that Excel files cannot hold were left out');
      const back = answerJson(
        await runTool(createXlsxReaderTool(), fixture.vfs, { path: '/workspace/c.xlsx', header: false }),
      );
      expect(back.rows).toEqual([['abcd']]);
    });
  });

  it('property: what xlsx_writer writes, xlsx_reader reads back unchanged', async () => {
    await using fixture = await createDataFixture();
    const writer = createXlsxWriterTool();
    const reader = createXlsxReaderTool({ MaxRows: 1_000, MaxCharacters: 200_000 });
    const text = fc
      .string({ minLength: 1, maxLength: 30, unit: 'grapheme' })
      .filter((value) => value.trim() === value && value.length > 0);
    const cell = fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean());
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 20 }),
        async (rows) => {
          file += 1;
          const path = `/workspace/round${file}.xlsx`;
          const written = await runTool(writer, fixture.vfs, { path, sheets: [{ name: 'Data', rows }] });
          expect(written.outcome, written.output).toBe('Success');
          const answer = answerJson(await runTool(reader, fixture.vfs, { path, header: false }));
          expect(answer.rows).toEqual(rows.map((row) => row.map((value) => (Object.is(value, -0) ? 0 : value))));
        },
      ),
      { numRuns: 25 },
    );
  });
});
