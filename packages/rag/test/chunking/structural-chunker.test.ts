import { describe, expect, it } from 'vitest';
import { structuralChunks } from '../../src/chunking/structural-chunker.js';
import { expectValidChunks } from './chunk-expectations.js';
import { samples } from './sample-texts.js';

const codeBlock = ['```sh', '# install the package, not a heading', 'npm install @orkeon/rag', '```'].join('\n');

const guide = [
  'Read this first.',
  '',
  '# Guide',
  'The guide explains the package.',
  '',
  '## Install',
  'Run the command below.',
  '',
  codeBlock,
  '',
  '### Windows ###',
  'Use PowerShell.',
  '',
  '## Configure',
  '~~~',
  '## not a heading either',
  '~~~',
  'Set the options.',
  '',
  '# Reference',
  'Every function, listed.',
].join('\n');

describe('structuralChunks', () => {
  for (const [name, text] of Object.entries({ ...samples, guide, crlfGuide: guide.replaceAll('\n', '\r\n') })) {
    it(`keeps the offsets, sizes and coverage on ${name}`, () => {
      expectValidChunks(text, structuralChunks(text, { size: 60, overlap: 20 }), 60);
    });
  }

  it('gives one chunk per section, with its heading path; lines in fenced code are not headings', () => {
    expect(structuralChunks(guide).map(({ text, headings }) => ({ text, headings }))).toEqual([
      { text: 'Read this first.', headings: [] },
      { text: '# Guide\nThe guide explains the package.', headings: ['Guide'] },
      { text: `## Install\nRun the command below.\n\n${codeBlock}`, headings: ['Guide', 'Install'] },
      { text: '### Windows ###\nUse PowerShell.', headings: ['Guide', 'Install', 'Windows'] },
      {
        text: '## Configure\n~~~\n## not a heading either\n~~~\nSet the options.',
        headings: ['Guide', 'Configure'],
      },
      { text: '# Reference\nEvery function, listed.', headings: ['Reference'] },
    ]);
  });

  it('reads CRLF markdown the same way', () => {
    const crlfGuide = guide.replaceAll('\n', '\r\n');
    const chunks = structuralChunks(crlfGuide);
    expect(chunks.map((chunk) => chunk.headings)).toEqual(structuralChunks(guide).map((chunk) => chunk.headings));
    expect(chunks[2]?.text).toBe(`## Install\r\nRun the command below.\r\n\r\n${codeBlock.replaceAll('\n', '\r\n')}`);
  });

  it('treats the rest of the document as code after a fence never closed', () => {
    const text = '# Top\nText.\n```\n# inside code\n## still code';
    expect(structuralChunks(text).map((chunk) => chunk.headings)).toEqual([['Top']]);
  });

  it('needs a space after the hashes and at most three spaces of indent for a heading', () => {
    const text = '# Real\n#hashtag line\n    # indented code\n   ## Also real\ntext';
    expect(structuralChunks(text).map((chunk) => chunk.headings)).toEqual([['Real'], ['Real', 'Also real']]);
  });

  it('splits a section longer than the size, every piece keeping the headings, and the code block whole', () => {
    const paragraphs = Array.from({ length: 5 }, (_, index) => `Paragraph ${index} of the long install section.`);
    const text = `# Guide\n## Install\n${paragraphs.slice(0, 3).join('\n\n')}\n\n${codeBlock}\n\n${paragraphs.slice(3).join('\n\n')}`;
    const size = 120;
    const chunks = structuralChunks(text, { size, overlap: 50 });
    expectValidChunks(text, chunks, size);
    expect(chunks.length).toBeGreaterThan(2);
    // The bare '# Guide' joins the section below it.
    expect(chunks[0]?.text.startsWith('# Guide\n## Install\nParagraph 0')).toBe(true);
    for (const chunk of chunks) {
      expect(chunk.headings).toEqual(['Guide', 'Install']);
      // A fence is never left open in a chunk: the code block is in a chunk whole, or not at all.
      expect(chunk.text.split('```').length % 2).toBe(1);
    }
    expect(chunks.some((chunk) => chunk.text.includes(codeBlock))).toBe(true);
  });

  it('splits a code block only when it cannot fit in one chunk', () => {
    const longCode = ['```', ...Array.from({ length: 10 }, (_, index) => `line ${index} of code`), '```'].join('\n');
    const text = `# Code\n${longCode}`;
    const chunks = structuralChunks(text, { size: 60, overlap: 0 });
    expectValidChunks(text, chunks, 60);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((chunk) => chunk.headings?.[0] === 'Code')).toBe(true);
  });

  it('gives text without headings as one section with an empty heading path', () => {
    expect(structuralChunks('Just a note.\n\nNothing more.')).toEqual([
      { text: 'Just a note.\n\nNothing more.', start: 0, end: 27, headings: [] },
    ]);
  });
});
