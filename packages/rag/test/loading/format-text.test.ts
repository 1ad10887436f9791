import { describe, expect, it } from 'vitest';
import { csvToText } from '../../src/loading/csv-text.js';
import { htmlToText } from '../../src/loading/html-text.js';
import { pdfToText } from '../../src/loading/pdf-text.js';
import { pdfBytes } from './loading-fixture.js';

describe('csvToText', () => {
  it('writes each row as header: value pairs, the first row naming them', () => {
    expect(csvToText('id,name\n1,Ada\n2,Grace\n')).toBe('id: 1; name: Ada\nid: 2; name: Grace');
  });

  it('guesses a semicolon or tab separator from the header line', () => {
    expect(csvToText('id;name\n1;"Lovelace, Ada"\n')).toBe('id: 1; name: Lovelace, Ada');
    expect(csvToText('id\tname\n1\tAda\n')).toBe('id: 1; name: Ada');
  });

  it('names cells past the headers and blank headers by column, and leaves empty cells and rows out', () => {
    expect(csvToText('a,,c\n1,2,3,4\n,,\n5,,\n')).toBe('a: 1; column 2: 2; c: 3; column 4: 4\na: 5');
  });

  it('keeps the headers of a file without rows, and reads a byte order mark as nothing', () => {
    expect(csvToText('\uFEFFid,name\n')).toBe('id; name');
    expect(csvToText('')).toBe('');
  });

  it('refuses a CSV it cannot parse, saying how to fix it', () => {
    expect(() => csvToText('a,b\n"unclosed,2\n')).toThrow(/^the CSV cannot be parsed \(.*\): check its quotes/);
  });
});

describe('htmlToText', () => {
  it('keeps headings, paragraphs, lists and link text; drops scripts, styles, images and link addresses', async () => {
    const html = `<!doctype html><html><head><title>
      Docs  &mdash; Home </title><style>p { color: red }</style></head>
      <body><h2>Install</h2><script>steal()</script><p>Run <a href="https://example.com/npm">npm install</a>.</p>
      <img src="logo.png" alt="logo"><ul><li>fast</li><li>safe</li></ul></body></html>`;
    expect(await htmlToText(html)).toEqual({
      title: 'Docs — Home',
      text: 'Install\n\nRun npm install.\n\n * fast\n * safe',
    });
  });

  it('leaves hidden elements out (a way to slip instructions to an agent)', async () => {
    const html =
      '<p>Visible.</p><div hidden>h1</div><span aria-hidden="true">h2</span><p style="display: none">h3</p><p style="visibility:hidden">h4</p><p style="display:block">Shown.</p>';
    expect(await htmlToText(html)).toEqual({ text: 'Visible.\n\nShown.' });
  });

  it('has no title when the page has none or an empty one', async () => {
    expect((await htmlToText('<title> </title><p>x</p>')).title).toBeUndefined();
  });
});

describe('pdfToText', () => {
  it('joins the pages with a blank line and counts them', async () => {
    expect(await pdfToText(await pdfBytes(['One.', 'Two.', 'Three.']))).toEqual({
      text: 'One.\n\nTwo.\n\nThree.',
      pageCount: 3,
    });
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(pdfToText(new TextEncoder().encode('hello'))).rejects.toThrow(/^it is not a readable PDF/);
  });
});
