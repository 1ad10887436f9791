import type { CodeLanguage } from '../discovery/languages.js';
import type { ManifestKind } from '../discovery/manifest-kinds.js';
import type { ManifestFacts } from '../discovery/read-manifest.js';
import type { ExtractedFile } from '../parsing/extracted-file.js';

/**
 * The layout of the saved index. Raise it when the layout changes: an index file of
 * another version is not read but rebuilt from the sources, so an upgrade never fails.
 */
export const codeIndexVersion = 1;

/** One source file as the index keeps it: what the parser took out, with the content hash it was taken from. */
export interface IndexedSourceFile extends ExtractedFile {
  readonly path: string;
  readonly language: CodeLanguage;
  /** SHA-256 of the text, to tell a changed file from an unchanged one. */
  readonly hash: string;
  readonly size: number;
  /** The vectors of the symbols' summaries, in the order of `symbols` (base64 float32), when embedded. */
  readonly vectors?: readonly string[];
}

/** One project file (package.json, go.mod, …) and what it says. */
export interface IndexedManifest extends ManifestFacts {
  readonly path: string;
  readonly kind: ManifestKind;
  readonly hash: string;
}

/** The embedding model the vectors were made with; vectors of another model are made again. */
export interface EmbeddingProfile {
  readonly model: string;
  readonly dimensions: number;
}

/**
 * What the index stores (and saves as JSON): per file, the parser's findings. Everything
 * derived from several files (packages, qualified names, dependencies, the call graph,
 * frameworks) is rebuilt from it in memory, so a change of one file changes one record.
 */
export interface CodeIndexData {
  readonly version: number;
  readonly root: string;
  /** ISO time of the last change. */
  readonly indexedAt: string;
  readonly includeStatements: boolean;
  readonly embedding?: EmbeddingProfile;
  readonly files: readonly IndexedSourceFile[];
  readonly manifests: readonly IndexedManifest[];
}
