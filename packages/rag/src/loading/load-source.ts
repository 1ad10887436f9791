import { createHash } from 'node:crypto';
import type { FileSystem } from '@orkeon/core';
import type { WebHttpClient } from '@orkeon/tools-web';
import { loadFileSource } from './file-source.js';
import { type RagDocument, type RagSource, type RagSourceKind, ragSourceKinds } from './rag-document.js';
import { RagLoadError } from './rag-load-error.js';
import { loadWebSource } from './web-source.js';

/** What loading reads through: the virtual file system, and for web sources a guarded client. */
export interface LoadSourceContext {
  readonly files: FileSystem;
  /** A guarded client built with `maxRedirects: 0`; needed for web sources only. */
  readonly web?: WebHttpClient;
  readonly signal?: AbortSignal;
}

/** The kind of a source: its own `kind`, else `web` for an http(s) URL, else `file`. */
export function sourceKindOf(source: RagSource): RagSourceKind {
  if (source.kind !== undefined) return source.kind;
  return /^https?:\/\//i.test(source.location.trim()) ? 'web' : 'file';
}

/**
 * The id citations name: the source's own `id`, else its location; inline text has no
 * location worth naming, so its id is the start of the text's SHA-256 (the same text,
 * the same id, whenever it is loaded).
 */
export function sourceIdOf(source: RagSource): string {
  if (source.id !== undefined) return source.id;
  if (sourceKindOf(source) === 'inline') return inlineSourceId(source.location);
  return source.location;
}

export function inlineSourceId(text: string): string {
  return `inline:${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12)}`;
}

/**
 * Reads one source to plain text: a file through the virtual file system (its rights
 * apply), a web page through the guarded client (no redirects followed), or the inline
 * text itself. Every failure is a `RagLoadError` naming the source, the problem and the fix.
 * The document is not checked here: `validateDocument` judges it before chunking.
 */
export async function loadSource(source: RagSource, context: LoadSourceContext): Promise<RagDocument> {
  const kind = sourceKindOf(source);
  const sourceId = sourceIdOf(source);
  // Sources come from settings and tool calls too, where the type does not hold.
  if (!ragSourceKinds.includes(kind))
    throw new RagLoadError(sourceId, `the kind '${String(kind)}' is unknown: use one of ${ragSourceKinds.join(', ')}.`);
  context.signal?.throwIfAborted();
  let document: RagDocument;
  switch (kind) {
    case 'inline':
      // The location of inline text is the text: the document names its id instead of repeating it.
      document = { sourceId, location: sourceId, kind, format: 'text', text: source.location };
      break;
    case 'web':
      document = await loadWebSource(source.location.trim(), sourceId, context.web, context.signal);
      break;
    case 'file':
      document = await loadFileSource(source.location, sourceId, context.files);
      break;
  }
  context.signal?.throwIfAborted();
  return document;
}
