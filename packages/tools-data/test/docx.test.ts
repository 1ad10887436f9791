import { describe, expect, it } from 'vitest';
import { createDocxReaderTool, createDocxWriterTool } from '../src/index.js';
import { createDataFixture, outsideSecret, runTool } from './data-fixture.js';
import { buildZip, minimalDocxEntries } from './zip-builder.js';

const blocks = [
  { type: 'heading', text: 'Quarterly report', level: 1 },
  { type: 'paragraph', text: 'Sales grew.\nCosts fell.', bold: true },
  { type: 'bullet', text: 'North up' },
  { type: 'numbered', text: 'First step' },
  {
    type: 'table',
    rows: [
      ['Region', 'Total'],
      ['North', '12'],
    ],
  },
  { type: 'pageBreak' },
  { type: 'heading', text: 'Appendix', level: 2 },
];

describe('docx_writer and docx_reader', () => {
  it('writes a document that reads back as text, Markdown and HTML', async () => {
    await using fixture = await createDataFixture();
    const written = await runTool(createDocxWriterTool(), fixture.vfs, {
      path: '/workspace/out/report.docx',
      title: 'Report',
      blocks,
    });
    expect(written.output).toMatch(
      /^Wrote [\d.]+ KB to '\/workspace\/out\/report\.docx' \(new file\): 2 headings, 1 paragraph, 1 bullet item, 1 numbered item, 1 table, 1 page break\.$/,
    );
    const reader = createDocxReaderTool();
    const text = await runTool(reader, fixture.vfs, { path: '/workspace/out/report.docx' });
    expect(text.output).toMatch(/^'\/workspace\/out\/report\.docx' as text: \d+ characters\./);
    for (const part of [
      'Quarterly report',
      'Sales grew.',
      'Costs fell.',
      'North up',
      'First step',
      'Region',
      'Appendix',
    ]) {
      expect(text.output).toContain(part);
    }
    const markdown = await runTool(reader, fixture.vfs, { path: '/workspace/out/report.docx', format: 'markdown' });
    expect(markdown.output).toContain('# Quarterly report');
    expect(markdown.output).toContain('## Appendix');
    const html = await runTool(reader, fixture.vfs, { path: '/workspace/out/report.docx', format: 'html' });
    expect(html.output).toContain('<h1>Quarterly report</h1>');
    expect(html.output).toContain(
      '<table><thead><tr><th><p><strong>Region</strong></p></th><th><p><strong>Total</strong></p></th></tr></thead><tbody><tr><td><p>North</p></td><td><p>12</p></td></tr></tbody></table>',
    );
  });

  it('cuts a long document to MaxCharacters and says so', async () => {
    await using fixture = await createDataFixture();
    await runTool(createDocxWriterTool(), fixture.vfs, {
      path: '/workspace/long.docx',
      blocks: Array.from({ length: 100 }, (_, index) => ({
        type: 'paragraph',
        text: `Paragraph ${index} ${'x'.repeat(100)}`,
      })),
    });
    const result = await runTool(createDocxReaderTool({ MaxCharacters: 2_000 }), fixture.vfs, {
      path: '/workspace/long.docx',
    });
    expect(result.output).toMatch(/\[cut: showing the first 2,000 of [\d,]+ characters of the document/);
  });

  describe('hostile input', () => {
    it('writes markup and control characters in text as inert text', async () => {
      await using fixture = await createDataFixture();
      const injected = '</w:t></w:r><w:r><w:t>INJECTED<!-- & <script>';
      const result = await runTool(createDocxWriterTool(), fixture.vfs, {
        path: '/workspace/x.docx',
        blocks: [{ type: 'paragraph', text: `${injected}\u0000\u0001end` }],
      });
      expect(result.output).toContain('2 control characters that Word files cannot hold were left out');
      const text = await runTool(createDocxReaderTool(), fixture.vfs, { path: '/workspace/x.docx' });
      expect(text.output).toContain(`${injected}end`);
    });

    it('refuses a zip bomb before unzipping it, whether or not its headers tell the truth', async () => {
      await using fixture = await createDataFixture();
      const bomb = { name: 'word/padding.xml', data: Buffer.alloc(8 * 1024 * 1024) };
      const honest = await fixture.file('honest.docx', buildZip([...minimalDocxEntries('hi'), bomb]));
      const lying = await fixture.file(
        'lying.docx',
        buildZip([...minimalDocxEntries('hi'), { ...bomb, declaredSize: 100 }]),
      );
      const reader = createDocxReaderTool({ MaxUncompressedBytes: 1024 * 1024 });
      for (const path of [honest, lying]) {
        const before = process.memoryUsage().arrayBuffers;
        const result = await runTool(reader, fixture.vfs, { path });
        expect(result.outcome, path).toBe('Failure');
        expect(result.output).toContain('expands to more than 1.0 MB when unzipped');
        expect(result.output).toContain('zip bomb');
        expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(6 * 1024 * 1024);
      }
      const small = await fixture.file('small.docx', buildZip(minimalDocxEntries('hello from a small file')));
      expect((await runTool(reader, fixture.vfs, { path: small })).output).toContain('hello from a small file');
    });

    it('leaves entities declared inside the document unexpanded and reads no file they name', async () => {
      await using fixture = await createDataFixture();
      const entries = minimalDocxEntries('&x;');
      const document = entries[2] as { name: string; data: Buffer };
      const xxe = document.data
        .toString()
        .replace(
          '<?xml version="1.0"?>',
          `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY x SYSTEM "file://${fixture.outside}/secret.txt">]>`,
        );
      const path = await fixture.file(
        'xxe.docx',
        buildZip([entries[0], entries[1], { name: document.name, data: Buffer.from(xxe) }] as never),
      );
      const result = await runTool(createDocxReaderTool(), fixture.vfs, { path });
      expect(result.output).not.toContain(outsideSecret);
    });

    it('answers a file that is not a Word document, an oversize file and paths outside the mounts', async () => {
      await using fixture = await createDataFixture();
      const reader = createDocxReaderTool({ MaxFileBytes: 10_000 });
      const fake = await fixture.file('fake.docx', 'plain text, not a zip');
      expect((await runTool(reader, fixture.vfs, { path: fake })).output).toMatch(/not a readable Office file/);
      const notWord = await fixture.file('other.docx', buildZip([{ name: 'a.txt', data: Buffer.from('x') }]));
      expect((await runTool(reader, fixture.vfs, { path: notWord })).output).toMatch(/not a readable Word document/);
      const big = await fixture.file('big.docx', Buffer.alloc(20_000));
      expect((await runTool(reader, fixture.vfs, { path: big })).output).toContain('Svc:Tools:Data:MaxFileBytes');
      expect((await runTool(reader, fixture.vfs, { path: '/workspace/escape/secret.txt' })).outcome).toBe('Denied');
    });

    it('refuses to replace a file unless overwrite, and to write to a read-only mount', async () => {
      await using fixture = await createDataFixture();
      const writer = createDocxWriterTool();
      const input = { path: '/workspace/a.docx', blocks: [{ type: 'paragraph', text: 'x' }] };
      expect((await runTool(writer, fixture.vfs, input)).outcome).toBe('Success');
      expect((await runTool(writer, fixture.vfs, input)).output).toContain('already exists');
      expect((await runTool(writer, fixture.vfs, { ...input, overwrite: true })).output).toContain('(replaced)');
      expect((await runTool(writer, fixture.vfs, { ...input, path: '/docs/a.docx' })).outcome).toBe('Denied');
      expect((await runTool(writer, fixture.vfs, { ...input, path: '/workspace/a.txt' })).output).toContain(
        'must end in .docx',
      );
      const cells = await runTool(createDocxWriterTool({ MaxWriteCells: 3 }), fixture.vfs, {
        path: '/workspace/t.docx',
        blocks: [
          {
            type: 'table',
            rows: [
              ['a', 'b'],
              ['c', 'd'],
            ],
          },
        ],
      });
      expect(cells.output).toContain('The tables hold 4 cells');
    });
  });
});
