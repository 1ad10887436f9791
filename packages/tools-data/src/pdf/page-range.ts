import { DataToolError } from '../errors/data-tool-error.js';

const partPattern = /^(\d+)(?:\s*-\s*(\d*))?$/;

/**
 * The pages a `pages` text names, in order and each once, within `pageCount`:
 * "3", "1-5", "2-" (to the end), or a list "1-3, 7, 10-". Absent means every page.
 */
export function selectPages(text: string | undefined, pageCount: number): number[] {
  if (text === undefined || text.trim() === '') return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const match = partPattern.exec(part.trim());
    if (match === null) throw pagesError(text, pageCount);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[2] === '' ? pageCount : Number(match[2]);
    if (first < 1 || last < first) throw pagesError(text, pageCount);
    for (let page = first; page <= Math.min(last, pageCount); page++) pages.add(page);
  }
  if (pages.size === 0) throw pagesError(text, pageCount);
  return [...pages].sort((a, b) => a - b);
}

function pagesError(text: string, pageCount: number): DataToolError {
  return new DataToolError(
    'DATA_INPUT_INVALID',
    `pages ${JSON.stringify(text)} names no page of this ${pageCount}-page PDF: write "3", "1-5", "2-" or "1-3, 7", with pages from 1 to ${pageCount}.`,
  );
}
