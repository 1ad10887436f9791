/** Where a source is read from: a file of the virtual file system, a web page, or text given inline. */
export const ragSourceKinds = ['file', 'web', 'inline'] as const;
export type RagSourceKind = (typeof ragSourceKinds)[number];

/** One source to ingest: a virtual path, an http(s) URL, or the text itself. */
export interface RagSource {
  /** A virtual path (`/docs/guide.md`), a URL, or, for `inline`, the text. */
  readonly location: string;
  /** Default: `web` for http(s) URLs, else `file`. */
  readonly kind?: RagSourceKind | undefined;
  /** The id citations name; default: the location (for `inline`, `inline:<hash>`). */
  readonly id?: string | undefined;
}

/** A source read to plain text, ready to be checked and chunked. */
export interface RagDocument {
  /** Stable id of the source (what citations name). */
  readonly sourceId: string;
  readonly location: string;
  readonly kind: RagSourceKind;
  /** The format the text was read from. */
  readonly format: 'text' | 'markdown' | 'log' | 'csv' | 'html' | 'pdf';
  /** The document's text (for markdown, the markdown itself). */
  readonly text: string;
  readonly title?: string;
}
