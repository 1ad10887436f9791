import { type MemoryItem, MemoryItemError, type ScoredMemoryItem } from '@orkeon/core';

/** A memory as the statements read it back. */
export interface MemoryRow {
  readonly key: string;
  readonly content: string;
  /** The memory without its content and vector. */
  readonly item: Omit<MemoryItem, 'content' | 'embedding'>;
  readonly embedding: number[] | null;
}

export interface ScoredMemoryRow extends MemoryRow {
  readonly score: number;
}

/** The memory without its content and vector, as JSON: both have columns of their own. */
export function storedItemJson(item: MemoryItem): string {
  const { content: _content, embedding: _embedding, ...rest } = item;
  return JSON.stringify(rest);
}

export function memoryFromRow(row: MemoryRow): MemoryItem {
  return { ...row.item, content: row.content, ...(row.embedding === null ? {} : { embedding: row.embedding }) };
}

export function scoredMemoryFromRow(row: ScoredMemoryRow): ScoredMemoryItem {
  return { key: row.key, item: memoryFromRow(row), score: row.score };
}

// PostgreSQL text and jsonb hold neither NUL nor half of a surrogate pair (the driver would turn the latter
// into U+FFFD, so the memory read back would differ). JSON text shows both as escapes, after an even run of
// backslashes; a raw string shows them as characters.
const unstorableEscape = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorableCharacter = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/** `MemoryItemError` when the key, content or JSON of a memory holds text PostgreSQL cannot keep. */
export function assertStorableText(key: string, content: string, json: string, id: string): void {
  if (unstorableCharacter(key) || unstorableCharacter(content) || unstorableEscape.test(json))
    throw new MemoryItemError(
      `Memory '${id}' holds text PostgreSQL cannot keep (a NUL character, or half of a UTF-16 surrogate pair) in its key, content or metadata: remove it before storing.`,
    );
}
