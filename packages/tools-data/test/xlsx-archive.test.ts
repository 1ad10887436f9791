import { describe, expect, it } from 'vitest';
import { createXlsxReaderTool } from '../src/index.js';
import { answerJson, createDataFixture, runTool } from './data-fixture.js';
import { buildZip, type ZipEntryInput } from './zip-builder.js';

// Workbooks written part by part, as other programs lay them out: a namespace prefix on
// every element, inline and rich-text strings with phonetic guides, booleans, errors,
// formula results, a built-in date format, styles after the sheet, data descriptors.
const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const part = (name: string, xml: string, options: Partial<ZipEntryInput> = {}): ZipEntryInput => ({
  name,
  data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`),
  ...options,
});
const workbook = part(
  'xl/workbook.xml',
  `<x:workbook ${ns} ${rel}><x:workbookPr date1904="0"/><x:sheets><x:sheet name="Notes" sheetId="2" r:id="rId2"/><x:sheet name="Prices &amp; dates" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
);
const relationships = part(
  'xl/_rels/workbook.xml.rels',
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
);
const styles = part(
  'xl/styles.xml',
  `<x:styleSheet ${ns}><x:cellXfs count="2"><x:xf numFmtId="0"/><x:xf numFmtId="14" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>`,
);
const strings = part(
  'xl/sharedStrings.xml',
  `<x:sst ${ns} count="2" uniqueCount="2"><x:si><x:t>item</x:t></x:si><x:si><x:r><x:t>東</x:t></x:r><x:r><x:t xml:space="preserve">京 </x:t></x:r><x:rPh sb="0" eb="2"><x:t>トウキョウ</x:t></x:rPh></x:si></x:sst>`,
);
const prices = part(
  'xl/worksheets/sheet1.xml',
  `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>price</x:t></x:is></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>day</x:t></x:is></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>ok</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="B2"><x:f>1+1.5</x:f><x:v>2.5</x:v></x:c><x:c r="C2" s="1"><x:v>45293</x:v></x:c><x:c r="D2" t="b"><x:v>1</x:v></x:c></x:row><x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:r><x:t>a &lt;b&gt;</x:t></x:r><x:r><x:t><![CDATA[ & c]]></x:t></x:r></x:is></x:c><x:c r="B3" t="e"><x:v>#DIV/0!</x:v></x:c><x:c r="D3" t="str"><x:f>"x"</x:f><x:v>x</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
);
const notes = part(
  'xl/worksheets/sheet2.xml',
  `<x:worksheet ${ns}><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>note</x:t></x:is></x:c></x:row><x:row><x:c t="inlineStr"><x:is><x:t>first</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
);
const expectedPrices = [
  ['東京 ', 2.5, '2024-01-02T00:00:00.000Z', true],
  ['a <b> & c', '#DIV/0!', null, 'x'],
];

describe('xlsx_reader on archives laid out by other writers', () => {
  const layouts: [string, ZipEntryInput[]][] = [
    ['parts first, sizes in the headers', [workbook, relationships, styles, strings, prices, notes]],
    [
      'sheets first, data descriptors, stored deflate blocks',
      [prices, notes, strings, styles, workbook, relationships].map((entry) => ({
        ...entry,
        descriptor: true,
        level: 0,
      })),
    ],
  ];
  for (const [layout, entries] of layouts) {
    it(`reads every kind of cell, by name and by position (${layout})`, async () => {
      await using fixture = await createDataFixture();
      await fixture.file('book.xlsx', buildZip(entries));
      const tool = createXlsxReaderTool();
      const byName = answerJson(
        await runTool(tool, fixture.vfs, { path: '/workspace/book.xlsx', sheet: 'Prices & dates' }),
      );
      expect(byName.columns).toEqual(['item', 'price', 'day', 'ok']);
      expect(byName.rows).toEqual(expectedPrices);
      expect(byName.summary).toContain("sheet 'Prices & dates'");
      const first = answerJson(await runTool(tool, fixture.vfs, { path: '/workspace/book.xlsx' }));
      expect(first.columns).toEqual(['note']);
      expect(first.rows).toEqual([['first']]);
      const second = answerJson(await runTool(tool, fixture.vfs, { path: '/workspace/book.xlsx', sheet: 2 }));
      expect(second.rows).toEqual(expectedPrices);
      const listed = answerJson(await runTool(tool, fixture.vfs, { path: '/workspace/book.xlsx', mode: 'sheets' }));
      expect(listed.sheets).toEqual([
        { position: 1, name: 'Notes' },
        { position: 2, name: 'Prices & dates' },
      ]);
    });
  }

  it('finds the end of a described entry by its deflate stream, not by a signature inside the data', async () => {
    await using fixture = await createDataFixture();
    // Stored deflate blocks keep these bytes as they are: a reader that searched for the
    // descriptor's signature would end the picture at the fake descriptor (whose size even
    // matches the bytes before it) and lose the sheet that follows.
    const fake = Buffer.alloc(16);
    fake.writeUInt32LE(0x08074b50, 0);
    fake.writeUInt32LE(5 + 4, 8);
    const picture: ZipEntryInput = {
      name: 'xl/media/image1.png',
      data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]), fake, Buffer.alloc(70_000, 7)]),
    };
    const entries = [workbook, relationships, picture, prices, notes, strings, styles].map((entry) => ({
      ...entry,
      descriptor: true,
      level: 0,
    }));
    await fixture.file('trap.xlsx', buildZip(entries));
    const answer = await runTool(createXlsxReaderTool(), fixture.vfs, { path: '/workspace/trap.xlsx', sheet: 2 });
    expect(answer.outcome, answer.output).toBe('Success');
    expect(answerJson(answer).rows).toEqual(expectedPrices);
  });

  describe('hostile archives', () => {
    const failure = async (entries: ZipEntryInput[]) => {
      await using fixture = await createDataFixture();
      await fixture.file('bad.xlsx', buildZip(entries));
      return await runTool(createXlsxReaderTool(), fixture.vfs, {
        path: '/workspace/bad.xlsx',
        sheet: 'Prices & dates',
      });
    };

    it('refuses a data descriptor whose size disagrees with the data', async () => {
      const result = await failure([{ ...prices, descriptor: true, descriptorSize: 5 }, workbook, relationships]);
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain('records 5 compressed bytes');
    });

    it('refuses an encrypted entry with a way out', async () => {
      const result = await failure([{ ...workbook, encrypted: true }, relationships, prices]);
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain('save a copy without a password');
    });

    it('names the part whose XML is broken, and declares no entity', async () => {
      const broken = part('xl/worksheets/sheet1.xml', `<x:worksheet ${ns}><x:sheetData><x:row><x:c>`);
      const result = await failure([workbook, relationships, broken]);
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain("'xl/worksheets/sheet1.xml' is not well-formed XML");
      const entity = part(
        'xl/worksheets/sheet1.xml',
        `<!DOCTYPE x [<!ENTITY boom "boom">]><x:worksheet ${ns}><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>&boom;</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      );
      const expanded = await failure([workbook, relationships, entity]);
      expect(expanded.outcome).toBe('Failure');
      expect(expanded.output).not.toContain('"boom"');
    });

    it('answers a file cut inside a described entry', async () => {
      await using fixture = await createDataFixture();
      const whole = buildZip([workbook, relationships, { ...prices, descriptor: true }]);
      for (const cut of [400, 236]) {
        await fixture.file('cut.xlsx', whole.subarray(0, whole.length - cut));
        const result = await runTool(createXlsxReaderTool(), fixture.vfs, {
          path: '/workspace/cut.xlsx',
          sheet: 'Prices & dates',
        });
        expect(result.outcome).toBe('Failure');
        expect(result.output).toMatch(/ends in the middle of an entry|does not inflate|ends before its directory/);
      }
    });
  });
});
