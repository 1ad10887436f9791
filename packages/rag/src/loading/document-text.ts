import { csvToText } from './csv-text.js';
import type { RagDocumentFormat } from './document-format.js';
import { htmlToText } from './html-text.js';
import { pdfToText } from './pdf-text.js';

/** What a source's bytes read as: the text to chunk and, when the format has one, a title. */
export interface DocumentText {
  readonly text: string;
  readonly title?: string;
}

/**
 * Reads bytes in `format` as text: PDFs through their text layer, HTML to readable text,
 * CSV to one line per row; text, markdown and logs as they are (markdown keeps its
 * syntax, which structural chunking reads). `charset` is the web answer's; default UTF-8.
 * Throws an `Error` whose message names the problem and its fix.
 */
export async function documentText(
  format: RagDocumentFormat,
  bytes: Uint8Array,
  charset?: string,
): Promise<DocumentText> {
  if (format === 'pdf') {
    const { text, title } = await pdfToText(bytes);
    return title === undefined ? { text } : { text, title };
  }
  const decoded = decodeText(bytes, charset);
  switch (format) {
    case 'html':
      return await htmlToText(decoded);
    case 'csv':
      return { text: csvToText(decoded) };
    case 'markdown': {
      const title = markdownTitle(decoded);
      return title === undefined ? { text: decoded } : { text: decoded, title };
    }
    case 'text':
    case 'log':
      return { text: decoded };
  }
}

/** Bytes in `charset` (a BOM dropped); an unknown charset reads as UTF-8. */
export function decodeText(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The bytes as text when they are valid UTF-8 without NUL bytes (a file of no known type that is still text); else `undefined`. */
export function utf8TextOrUndefined(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The first level-one ATX heading (`# Title`), outside code fences. */
function markdownTitle(markdown: string): string | undefined {
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^\s{0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1]?.trim();
    if (heading !== undefined && heading !== '') return heading;
  }
  return undefined;
}
