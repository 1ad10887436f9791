import type { RagDocument } from './rag-document.js';

/** The formats a source is read from. */
export type RagDocumentFormat = RagDocument['format'];

/** File extensions (lower case, with the dot) and the format each is read as. */
export const formatsByExtension: Readonly<Record<string, RagDocumentFormat>> = {
  '.txt': 'text',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.log': 'log',
  '.csv': 'csv',
  '.html': 'html',
  '.htm': 'html',
  '.pdf': 'pdf',
};

/** Media types of web answers and the format each is read as. */
export const formatsByMediaType: Readonly<Record<string, RagDocumentFormat>> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
};

/** The extensions named in messages, in the order of the table. */
export const supportedExtensions = Object.keys(formatsByExtension).join(', ');
export const supportedMediaTypes = Object.keys(formatsByMediaType).join(', ');

/** The extension of the last segment of a path or URL path (`.md`), lower case; '' when it has none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export function formatOfPath(path: string): RagDocumentFormat | undefined {
  return formatsByExtension[extensionOf(path)];
}
