import type { MemoryItem, MemoryItemMetadata, MemoryType } from '@orkeon/core';
import { Field, FixedSizeList, Float32, Float64, List, Schema, Utf8 } from 'apache-arrow';

/**
 * The columns of a memory table: the fixed schema of the reference brief (`id`, `content`,
 * `vector`, `importance`, `source`, `tags`, `created_at`, `metadata_json`), plus the caller's
 * `key` (unique, what `store` replaces by) and the memory's `type`, which searches filter on.
 * The metadata that no search reads (last access, relevance, author, count, custom
 * properties) travels as JSON.
 */
export const memoryColumns = [
  'id',
  'key',
  'type',
  'content',
  'importance',
  'source',
  'tags',
  'created_at',
  'metadata_json',
] as const;

export const vectorColumn = 'vector';

/** A column that LanceDB adds to the rows of a search: cosine distance, BM25 score. */
export const distanceColumn = '_distance';

/**
 * One memory as a row of the table. `vector` is null for a memory kept without an embedding.
 * A type, not an interface, so that it is the plain record LanceDB's writes take.
 */
export type MemoryRow = {
  readonly id: string;
  readonly key: string;
  readonly type: string;
  readonly content: string;
  readonly vector?: number[] | null;
  readonly importance: number;
  readonly source: string;
  readonly tags: string[];
  readonly created_at: string;
  readonly metadata_json: string;
};

/** The rest of the metadata, as kept in `metadata_json`. */
type StoredMetadata = Omit<MemoryItemMetadata, 'createdAt' | 'source' | 'tags'>;

/** The vector column: float32 values, `dimensions` of them, null for a memory without an embedding. */
export function vectorField(dimensions: number): Field {
  return new Field(vectorColumn, new FixedSizeList(dimensions, new Field('item', new Float32(), true)), true);
}

/** The SQL that adds an all-null vector column to a table made before any vector was known. */
export function vectorColumnSql(dimensions: number): string {
  return `arrow_cast(NULL, 'FixedSizeList(${dimensions}, Float32)')`;
}

/** The schema of a new table; the vector column only once its length is known. */
export function memoryTableSchema(dimensions: number | undefined): Schema {
  const text = (name: string) => new Field(name, new Utf8(), false);
  return new Schema([
    text('id'),
    text('key'),
    text('type'),
    text('content'),
    ...(dimensions === undefined ? [] : [vectorField(dimensions)]),
    new Field('importance', new Float64(), false),
    text('source'),
    new Field('tags', new List(new Field('item', new Utf8(), true)), false),
    text('created_at'),
    text('metadata_json'),
  ]);
}

/** The row that keeps `item` under `key`. */
export function memoryToRow(key: string, item: MemoryItem, withVectorColumn: boolean): MemoryRow {
  const { createdAt, source, tags, ...rest } = item.metadata;
  const stored: StoredMetadata = rest;
  const row: MemoryRow = {
    id: item.id,
    key,
    type: item.type,
    content: item.content,
    importance: item.importance,
    source,
    tags: [...tags],
    created_at: createdAt,
    metadata_json: JSON.stringify(stored),
  };
  if (!withVectorColumn) return row;
  return { ...row, vector: item.embedding === undefined ? null : [...item.embedding] };
}

/** The memory a row of a query holds (the row's values are Arrow's: lists come as Arrow vectors). */
export function rowToMemory(row: Readonly<Record<string, unknown>>): { key: string; item: MemoryItem } {
  const stored = JSON.parse(text(row, 'metadata_json')) as StoredMetadata;
  const vector = row[vectorColumn];
  const embedding = vector === null || vector === undefined ? undefined : numbers(vector);
  const item: MemoryItem = {
    id: text(row, 'id'),
    content: text(row, 'content'),
    type: text(row, 'type') as MemoryType,
    importance: Number(row.importance),
    ...(embedding === undefined ? {} : { embedding }),
    metadata: {
      ...stored,
      createdAt: text(row, 'created_at'),
      source: text(row, 'source'),
      tags: strings(row.tags),
    },
  };
  return { key: text(row, 'key'), item };
}

function text(row: Readonly<Record<string, unknown>>, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new TypeError(`The column '${column}' of a memory row is not text.`);
  return value;
}

function numbers(value: unknown): number[] {
  return Array.from(value as Iterable<number>, Number);
}

function strings(value: unknown): string[] {
  return value === null || value === undefined ? [] : Array.from(value as Iterable<unknown>, String);
}
