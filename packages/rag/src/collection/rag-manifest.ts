import type { FileSystem } from '@orkeon/core';
import { z } from 'zod';
import { RagError } from '../errors/rag-error.js';

/** The release's manifest shape; a manifest of a newer one is refused rather than misread. */
export const ragManifestVersion = 1;

const chunkEntry = z.object({ id: z.string(), start: z.number(), end: z.number() });

const sourceEntry = z.object({
  location: z.string(),
  kind: z.enum(['file', 'web', 'inline']),
  format: z.string(),
  /** SHA-256 of the loaded text: an unchanged source is not ingested again. */
  hash: z.string(),
  verdict: z.enum(['Clean', 'Suspicious']),
  chunks: z.array(chunkEntry),
  ingestedAt: z.string(),
});

const manifestSchema = z.object({
  version: z.literal(ragManifestVersion),
  collection: z.string(),
  /** The embedding profile the vectors were made with: another one cannot search them. */
  embedding: z.object({ model: z.string(), dimensions: z.number().int().positive() }),
  chunking: z.object({ strategy: z.string(), size: z.number(), overlap: z.number() }),
  sources: z.record(z.string(), sourceEntry),
});

export type RagManifest = z.infer<typeof manifestSchema>;
export type RagManifestSource = z.infer<typeof sourceEntry>;

export function manifestPath(directory: string, collection: string): string {
  return `${directory.replace(/\/+$/, '')}/${collection}.json`;
}

/** The collection's manifest, or undefined when it was never ingested. */
export async function readManifest(files: FileSystem, path: string): Promise<RagManifest | undefined> {
  if (!(await files.exists(path))) return undefined;
  const read = await files.readText(path);
  if (!read.ok)
    throw new RagError('RAG_MANIFEST_UNREADABLE', `The RAG manifest ${path} cannot be read: ${read.message}.`);
  let value: unknown;
  try {
    value = JSON.parse(read.value);
  } catch (error) {
    throw new RagError(
      'RAG_MANIFEST_UNREADABLE',
      `The RAG manifest ${path} is not JSON (${(error as Error).message}): restore it, or ingest the collection again with reindex.`,
    );
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > ragManifestVersion)
    throw new RagError(
      'RAG_MANIFEST_UNREADABLE',
      `The RAG manifest ${path} was written by a newer release (version ${version}; this one reads ${ragManifestVersion}): use that release, or ingest again with reindex.`,
    );
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success)
    throw new RagError(
      'RAG_MANIFEST_UNREADABLE',
      `The RAG manifest ${path} is damaged (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}): restore it, or ingest the collection again with reindex.`,
    );
  return parsed.data;
}

export async function writeManifest(files: FileSystem, path: string, manifest: RagManifest): Promise<void> {
  const written = await files.writeText(path, `${JSON.stringify(manifest, null, 2)}\n`);
  if (!written.ok)
    throw new RagError(
      'RAG_MANIFEST_UNWRITABLE',
      `The RAG manifest ${path} cannot be written: ${written.message}. Mount its folder writable (e.g. --mount ./out:/output:rw) or set Svc:Rag:Ingestion:ManifestDirectory.`,
    );
}
