import type { TextSpan } from './text-span.js';

/** A heading and the text under it up to the next heading; the text before the first heading is a section without headings. */
export interface MarkdownSection extends TextSpan {
  /** The heading path, outermost first, ending with the section's own heading. */
  readonly headings: readonly string[];
  /** The fenced code blocks inside the section, fences included. */
  readonly codeBlocks: readonly TextSpan[];
}

const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
/** An optional closing sequence of `#`, which is not part of the heading's text. */
const closingHashes = /(?:^|[ \t]+)#+[ \t]*$/;
const openingFence = /^ {0,3}(`{3,}|~{3,})/;

/** The sections of a markdown text, in order and covering it whole. Lines inside fenced code blocks are never headings. */
export function markdownSections(text: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  const headingStack: { level: number; title: string }[] = [];
  let sectionStart = 0;
  let codeBlocks: TextSpan[] = [];
  let openFence: { marker: string; start: number } | undefined;

  const closeSection = (end: number) => {
    if (end > sectionStart) {
      sections.push({ start: sectionStart, end, headings: headingStack.map((heading) => heading.title), codeBlocks });
    }
    sectionStart = end;
    codeBlocks = [];
  };

  for (const line of lines(text)) {
    if (openFence !== undefined) {
      if (closesFence(line.content, openFence.marker)) {
        codeBlocks.push({ start: openFence.start, end: line.contentEnd });
        openFence = undefined;
      }
      continue;
    }
    const fence = openingFence.exec(line.content);
    if (fence !== null) {
      openFence = { marker: fence[1] as string, start: line.start };
      continue;
    }
    const heading = atxHeading.exec(line.content);
    if (heading !== null) {
      closeSection(line.start);
      const level = (heading[1] as string).length;
      while ((headingStack.at(-1)?.level ?? 0) >= level) headingStack.pop();
      headingStack.push({ level, title: (heading[2] ?? '').trim().replace(closingHashes, '').trim() });
    }
  }
  // A fence never closed runs to the end of the document, as in CommonMark.
  if (openFence !== undefined) codeBlocks.push({ start: openFence.start, end: text.length });
  closeSection(text.length);
  return sections;
}

/** A closing fence uses the opening's character, at least as many times, and nothing else. */
function closesFence(line: string, openingMarker: string): boolean {
  const fence = openingFence.exec(line);
  const marker = fence?.[1];
  return (
    marker !== undefined &&
    marker[0] === openingMarker[0] &&
    marker.length >= openingMarker.length &&
    line.slice((fence?.[0] ?? '').length).trim() === ''
  );
}

interface Line {
  readonly start: number;
  /** The line without its line end (`\n` or `\r\n`). */
  readonly content: string;
  readonly contentEnd: number;
}

function* lines(text: string): Generator<Line> {
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const contentEnd = end > start && text[end - 1] === '\r' ? end - 1 : end;
    yield { start, content: text.slice(start, contentEnd), contentEnd };
    start = end + 1;
  }
}
