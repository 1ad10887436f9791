import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSource, sourceIdOf, sourceKindOf } from '../../src/loading/load-source.js';
import { RagLoadError } from '../../src/loading/rag-load-error.js';
import { createLoadingFolder, type LoadingFolder, pdfBytes } from './loading-fixture.js';

let docs: LoadingFolder;

beforeEach(async () => {
  docs = await createLoadingFolder();
});

afterEach(async () => {
  await docs[Symbol.asyncDispose]();
});

async function loadFile(path: string) {
  return loadSource({ location: path }, { files: docs.files });
}

async function loadError(path: string): Promise<RagLoadError> {
  const error = await loadFile(path).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RagLoadError);
  return error as RagLoadError;
}

describe('loadSource for files', () => {
  it('reads a .txt file as text, with the path as source id and location', async () => {
    await docs.write('notes.txt', 'Plain notes.\nSecond line.');
    const document = await loadFile('/docs/notes.txt');
    expect(document).toEqual({
      sourceId: '/docs/notes.txt',
      location: '/docs/notes.txt',
      kind: 'file',
      format: 'text',
      text: 'Plain notes.\nSecond line.',
    });
  });

  it('keeps markdown as markdown and takes its first level-one heading as title', async () => {
    await docs.write('guide/setup.md', '```\n# not a title\n```\n## Intro\n# Setting up Orkeon\n\nInstall it.');
    const document = await loadFile('/docs/guide/setup.md');
    expect(document.format).toBe('markdown');
    expect(document.title).toBe('Setting up Orkeon');
    expect(document.text).toContain('## Intro');
  });

  it('reads .markdown and .log by their extensions, and drops a UTF-8 byte order mark', async () => {
    await docs.write('a.markdown', 'Some *words*.');
    await docs.write('server.log', '\uFEFF2024-01-01 INFO started');
    expect((await loadFile('/docs/a.markdown')).format).toBe('markdown');
    const log = await loadFile('/docs/server.log');
    expect(log.format).toBe('log');
    expect(log.text).toBe('2024-01-01 INFO started');
  });

  it('turns a CSV into one line per row, headers named', async () => {
    await docs.write('people.csv', 'name,city,note\nAda,London,"likes\nengines"\nLinus,Helsinki,\n');
    const document = await loadFile('/docs/people.csv');
    expect(document.format).toBe('csv');
    expect(document.text).toBe('name: Ada; city: London; note: likes engines\nname: Linus; city: Helsinki');
  });

  it('turns an HTML page into readable text with its title', async () => {
    await docs.write(
      'page.htm',
      '<html><head><title>Release &amp; notes</title><script>alert(1)</script></head><body><h1>Version 2</h1><p>See <a href="https://example.com/x">the changelog</a>.</p><img src="x.png" alt="diagram"></body></html>',
    );
    const document = await loadFile('/docs/page.htm');
    expect(document.format).toBe('html');
    expect(document.title).toBe('Release & notes');
    expect(document.text).toBe('Version 2\n\nSee the changelog.');
  });

  it('reads the text layer of a real PDF, pages joined with a blank line, title from its metadata', async () => {
    await docs.write(
      'report.pdf',
      await pdfBytes(['First page about retrieval.', 'Second page about chunks.'], 'The Report'),
    );
    const document = await loadFile('/docs/report.pdf');
    expect(document.format).toBe('pdf');
    expect(document.title).toBe('The Report');
    expect(document.text).toBe('First page about retrieval.\n\nSecond page about chunks.');
  });

  it('refuses a damaged PDF, saying so', async () => {
    await docs.write('broken.pdf', 'this is not a PDF at all');
    const error = await loadError('/docs/broken.pdf');
    expect(error.sourceId).toBe('/docs/broken.pdf');
    expect(error.message).toMatch(
      /^Cannot load '\/docs\/broken\.pdf': '\/docs\/broken\.pdf' was read as pdf, but it is not a readable PDF/,
    );
  });

  it('reads a file of another extension as text when it is UTF-8 without NUL bytes', async () => {
    await docs.write('settings.yaml', 'name: orkeon\nmode: strict\n');
    const document = await loadFile('/docs/settings.yaml');
    expect(document.format).toBe('text');
    expect(document.text).toBe('name: orkeon\nmode: strict\n');
  });

  it('refuses a binary file of another extension, naming the supported extensions', async () => {
    await docs.write('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0d, 0x0a, 0x1a]));
    const error = await loadError('/docs/image.png');
    expect(error.message).toContain('has no supported extension and is not UTF-8 text');
    expect(error.message).toContain('.txt, .md, .markdown, .log, .csv, .html, .htm, .pdf');
  });

  it('refuses invalid UTF-8 of another extension even without NUL bytes', async () => {
    await docs.write('latin.dat', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect((await loadError('/docs/latin.dat')).message).toContain('is not UTF-8 text');
  });

  it('refuses a path outside every mount, naming the mounts and the fix', async () => {
    const error = await loadError('/elsewhere/a.txt');
    expect(error.sourceId).toBe('/elsewhere/a.txt');
    expect(error.message).toContain("Cannot load '/elsewhere/a.txt'");
    expect(error.message).toContain('/docs');
    expect(error.message).toContain('Give a path inside one of the mounts');
    expect(error.message).not.toContain(docs.folder.path);
  });

  it('refuses a missing file and a folder, each with its fix', async () => {
    expect((await loadError('/docs/missing.txt')).message).toContain('Check the path');
    await docs.write('folder/inside.txt', 'x');
    expect((await loadError('/docs/folder')).message).toContain('Give a file, not a folder');
    expect((await loadError('docs/relative.txt')).message).toContain('Write an absolute virtual path');
  });

  it('keeps the id a source gives', async () => {
    await docs.write('notes.txt', 'Notes.');
    const document = await loadSource({ location: '/docs/notes.txt', id: 'handbook' }, { files: docs.files });
    expect(document.sourceId).toBe('handbook');
    expect(document.location).toBe('/docs/notes.txt');
  });

  it('stops before reading when the signal is already aborted', async () => {
    await docs.write('notes.txt', 'Notes.');
    const controller = new AbortController();
    controller.abort(new Error('stopped by the test'));
    await expect(
      loadSource({ location: '/docs/notes.txt' }, { files: docs.files, signal: controller.signal }),
    ).rejects.toThrow('stopped by the test');
  });
});

describe('loadSource for inline text', () => {
  it('is the text itself, with an id from its SHA-256', async () => {
    const text = 'Inline facts about Orkeon.';
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
    const document = await loadSource({ location: text, kind: 'inline' }, { files: docs.files });
    expect(document).toEqual({
      sourceId: `inline:${hash}`,
      location: `inline:${hash}`,
      kind: 'inline',
      format: 'text',
      text,
    });
  });

  it('keeps a given id', async () => {
    const document = await loadSource({ location: 'Some text.', kind: 'inline', id: 'faq' }, { files: docs.files });
    expect(document.sourceId).toBe('faq');
  });
});

describe('source kind and id', () => {
  it('takes web for http(s) URLs, file otherwise, unless the source says', () => {
    expect(sourceKindOf({ location: 'https://example.com/a' })).toBe('web');
    expect(sourceKindOf({ location: 'HTTP://example.com/a' })).toBe('web');
    expect(sourceKindOf({ location: '/docs/http.txt' })).toBe('file');
    expect(sourceKindOf({ location: 'https://example.com', kind: 'inline' })).toBe('inline');
    expect(sourceIdOf({ location: 'https://example.com/a' })).toBe('https://example.com/a');
  });

  it('refuses an unknown kind', async () => {
    const source = { location: '/docs/a.txt', kind: 'ftp' } as unknown as Parameters<typeof loadSource>[0];
    await expect(loadSource(source, { files: docs.files })).rejects.toThrow(
      "the kind 'ftp' is unknown: use one of file, web, inline.",
    );
  });
});
