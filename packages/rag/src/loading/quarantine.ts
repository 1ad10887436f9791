import { createHash } from 'node:crypto';
import type { FileSystem } from '@orkeon/core';
import type { DocumentVerdict } from './document-validation.js';
import type { RagDocument } from './rag-document.js';
import { RagLoadError } from './rag-load-error.js';

/** What a quarantined document's file holds: enough for an operator to judge it without the source. */
export interface QuarantineRecord {
  readonly sourceId: string;
  readonly location: string;
  readonly kind: RagDocument['kind'];
  readonly format: RagDocument['format'];
  readonly verdict: DocumentVerdict['verdict'];
  readonly reasons: readonly string[];
  /** ISO 8601. */
  readonly quarantinedAt: string;
  readonly text: string;
}

/**
 * Keeps a document the validators flagged out of the index but on record: a JSON file in
 * `directory`, written through the virtual file system (its rights apply). The name comes
 * from the source id (made safe) and a hash of the id and the text, so loading the same
 * content again overwrites its record while a changed version gets one of its own.
 * Returns the virtual path written; a refused write throws a `RagLoadError` with the VFS message.
 */
export async function quarantineDocument(
  files: FileSystem,
  directory: string,
  document: RagDocument,
  verdict: DocumentVerdict,
): Promise<string> {
  const record: QuarantineRecord = {
    sourceId: document.sourceId,
    location: document.location,
    kind: document.kind,
    format: document.format,
    verdict: verdict.verdict,
    reasons: [...verdict.reasons],
    quarantinedAt: new Date().toISOString(),
    text: document.text,
  };
  const folder = directory.replace(/\/+$/, '');
  const path = `${folder}/${quarantineFileName(document)}`;
  const written = await files.writeText(path, `${JSON.stringify(record, null, 2)}\n`);
  if (!written.ok)
    throw new RagLoadError(
      document.sourceId,
      `it could not be quarantined in '${directory}': ${written.message.replace(/\.?\s*$/, '.')} Give a quarantine folder in a writable mount.`,
    );
  return written.value.path;
}

/** `<source id, letters, digits, . _ - only>-<12 hex>.json`; never hidden, never `..`. */
export function quarantineFileName(document: Pick<RagDocument, 'sourceId' | 'text'>): string {
  const safe =
    document.sourceId
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .split('-')
      // Parts of dots only (`..` of a path) say nothing and look like climbing.
      .filter((part) => !/^\.*$/.test(part))
      .join('-')
      .replace(/^[-.]+/, '')
      .slice(0, 80)
      .replace(/[-.]+$/, '') || 'source';
  const hash = createHash('sha256').update(document.sourceId).update('\0').update(document.text).digest('hex');
  return `${safe}-${hash.slice(0, 12)}.json`;
}
