import { describe, expect, it } from 'vitest';
import { createPdfReaderTool } from '../src/index.js';
import { createDataFixture, outsideSecret, runTool } from './data-fixture.js';
import { buildPdf } from './pdf-builder.js';

const pages = Array.from({ length: 6 }, (_, index) => `Page ${index + 1} first line\nPage ${index + 1} second line`);

describe('pdf_reader', () => {
  it('reads every page, or the pages asked for, under page headings', async () => {
    await using fixture = await createDataFixture();
    const path = await fixture.file('book.pdf', buildPdf(pages));
    const tool = createPdfReaderTool();
    const all = await runTool(tool, fixture.vfs, { path });
    expect(all.output.split('\n')[0]).toBe("'/workspace/book.pdf' has 6 pages; shown: 1-6.");
    expect(all.output).toContain('--- page 1 ---\nPage 1 first line\nPage 1 second line');
    const some = await runTool(tool, fixture.vfs, { path, pages: '2-3, 6' });
    expect(some.output.split('\n')[0]).toBe("'/workspace/book.pdf' has 6 pages; shown: 2-3, 6.");
    expect(some.output).not.toContain('Page 1 first');
    expect(some.output).toContain('Page 6 second line');
    const open = await runTool(tool, fixture.vfs, { path, pages: '5-' });
    expect(open.output).toContain('shown: 5-6.');
  });

  it('stops at MaxCharacters and names the pages left to ask for', async () => {
    await using fixture = await createDataFixture();
    const long = Array.from({ length: 10 }, (_, index) =>
      Array.from({ length: 40 }, () => `line of page ${index + 1}`).join('\n'),
    );
    const path = await fixture.file('long.pdf', buildPdf(long));
    const result = await runTool(createPdfReaderTool({ MaxCharacters: 1_000 }), fixture.vfs, { path });
    expect(result.output).toMatch(/has 10 pages; shown: 1\./);
    expect(result.output).toContain('9 asked-for pages did not fit in one answer; ask with pages: "2-10" for them.');
    const huge = await fixture.file(
      'huge.pdf',
      buildPdf(['x', Array.from({ length: 45 }, () => 'a long line of text that keeps going on and on').join('\n')]),
    );
    const tiny = await runTool(createPdfReaderTool({ MaxCharacters: 1_000 }), fixture.vfs, { path: huge, pages: '2' });
    expect(tiny.output).toContain('Page 2 is longer than Svc:Tools:Data:MaxCharacters');
    expect(tiny.output.length).toBeLessThan(1_400);
  });

  describe('hostile input', () => {
    it('refuses an encrypted PDF with a clear reason', async () => {
      await using fixture = await createDataFixture();
      const path = await fixture.file('locked.pdf', buildPdf(['secret text'], { encrypted: true }));
      const result = await runTool(createPdfReaderTool(), fixture.vfs, { path });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain("'/workspace/locked.pdf' is encrypted with a password");
    });

    it('refuses malformed and truncated files without a stack trace', async () => {
      await using fixture = await createDataFixture();
      const tool = createPdfReaderTool();
      const whole = buildPdf(pages);
      for (const [name, bytes] of [
        ['junk.pdf', Buffer.from('%PDF-1.7\n%%EOF garbage')],
        ['text.pdf', Buffer.from('hello, I am not a PDF')],
        ['empty.pdf', Buffer.alloc(0)],
        ['cut.pdf', whole.subarray(0, 200)],
      ] as const) {
        const path = await fixture.file(name, bytes);
        const result = await runTool(tool, fixture.vfs, { path });
        expect(result.outcome, name).toBe('Failure');
        expect(result.output).toMatch(/is not a readable PDF|names no page|has 0 pages/);
        expect(result.output).not.toMatch(/\n\s+at /);
      }
    });

    it('refuses a page range that names no page', async () => {
      await using fixture = await createDataFixture();
      const path = await fixture.file('book.pdf', buildPdf(pages));
      for (const range of ['0', '9', '3-1', 'all', '1;2']) {
        const result = await runTool(createPdfReaderTool(), fixture.vfs, { path, pages: range });
        expect(result.outcome, range).toBe('Failure');
        expect(result.output).toContain('names no page of this 6-page PDF');
      }
    });

    it('refuses an oversize file before reading it, and paths outside the mounts', async () => {
      await using fixture = await createDataFixture();
      const tool = createPdfReaderTool({ MaxFileBytes: 500 });
      const path = await fixture.file('book.pdf', buildPdf(pages));
      const result = await runTool(tool, fixture.vfs, { path });
      expect(result.output).toMatch(
        /is [\d.]+ KB; pdf_reader reads files of at most 500 B whole \(Svc:Tools:Data:MaxFileBytes\)/,
      );
      for (const outside of ['/workspace/escape/secret.txt', '/workspace/../outside/secret.txt']) {
        const refused = await runTool(tool, fixture.vfs, { path: outside });
        expect(refused.outcome).toBe('Denied');
        expect(refused.output).not.toContain(outsideSecret);
      }
    });
  });
});
