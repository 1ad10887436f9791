import type { MemoryFilter } from '@orkeon/core';
import type { MemoryTableNames } from './memory-table-names.js';
import { cosineDistanceOperator, pgvectorAtLeast, type VectorStorage, vectorCast } from './vector-storage.js';

/** What the statements are written for: the table's names, how it keeps vectors, and whether it has the HNSW index. */
export interface MemoryTableLayout {
  readonly names: MemoryTableNames;
  readonly storage: VectorStorage;
  readonly hnswIndex: boolean;
}

/** A parameterized statement, and the `SET LOCAL` settings to run before it in the same transaction. */
export interface MemoryStatement {
  readonly text: string;
  readonly values: unknown[];
  readonly settings: readonly string[];
}

/** The columns a memory is read from; pgvector's vectors come back as `real[]`, which the driver reads as numbers. */
const memoryColumns = 'key, content, item, embedding::real[] AS embedding';

/**
 * Writes many memories in one statement (so all or none are kept): `$1` keys, `$2`
 * contents, `$3` the rest of each memory as JSON, `$4` each vector's text form or null.
 * The filter columns are taken from the JSON, so they cannot disagree with it.
 */
export function upsertStatement(layout: MemoryTableLayout): string {
  const { names, storage } = layout;
  return `INSERT INTO ${names.table} (key, content, type, source, tags, item, embedding)
    SELECT entry.key, entry.content, entry.item->>'type', COALESCE(entry.item->'metadata'->>'source', ''),
           ARRAY(SELECT jsonb_array_elements_text(entry.item->'metadata'->'tags')), entry.item,
           entry.embedding${vectorCast(storage)}
    FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[]) AS entry(key, content, item, embedding)
    ON CONFLICT (key) DO UPDATE SET
      content = EXCLUDED.content, type = EXCLUDED.type, source = EXCLUDED.source, tags = EXCLUDED.tags,
      item = EXCLUDED.item, embedding = EXCLUDED.embedding`;
}

export function getStatement(layout: MemoryTableLayout): string {
  return `SELECT ${memoryColumns} FROM ${layout.names.table} WHERE key = $1`;
}

/** A page of memories in key order (the key's collation is "C": byte order), through the primary key: `$1` after, `$2` limit. */
export function listStatement(layout: MemoryTableLayout): string {
  return `SELECT ${memoryColumns} FROM ${layout.names.table} WHERE key > $1 ORDER BY key LIMIT $2`;
}

/** A row limit from a caller's count: whole, not negative; `null` (no limit) for infinity. */
export function rowLimit(count: number): number | null {
  if (count === Number.POSITIVE_INFINITY) return null;
  return Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
}

/**
 * Memories holding any word of the query (through the GIN index), scored as the other
 * stores score: the share of the query's words each holds. Both sides are split into words
 * by PostgreSQL's parser (`simple`: lower case, no stemming), so the index and the score
 * agree; words of one character are left out of the query, as elsewhere. The query is
 * only ever words: each is quoted as a `tsquery` lexeme (quotes and backslashes escaped).
 * `$1` the query text, `$2` the limit.
 */
export function wordSearchStatement(
  layout: MemoryTableLayout,
  query: string,
  limit: number | null,
): { readonly text: string; readonly values: unknown[] } {
  return {
    text: `WITH query AS (
      SELECT words,
        (SELECT string_agg('''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || '''', ' | ')
         FROM unnest(words) AS word)::tsquery AS match
      FROM (SELECT ARRAY(SELECT lexeme FROM unnest(to_tsvector('simple', $1)) WHERE length(lexeme) >= 2) AS words) AS parsed
    )
    SELECT ${memoryColumns}, score FROM (
      SELECT m.key, m.content, m.item, m.embedding,
        (SELECT count(*) FROM unnest(q.words) AS word
         WHERE word = ANY (tsvector_to_array(to_tsvector('simple', m.content))))::float8 / cardinality(q.words) AS score
      FROM ${layout.names.table} m, query q
      WHERE cardinality(q.words) > 0 AND to_tsvector('simple', m.content) @@ q.match
    ) found
    WHERE score > 0 ORDER BY score DESC, key LIMIT $2`,
    values: [query, limit],
  };
}

export interface SimilarSearch {
  /** The query vector's text form (`vectorLiteral`). */
  readonly vector: string;
  /** The query vector's length (Euclidean norm), used where the store computes cosine itself. */
  readonly norm: number;
  readonly topK: number | null;
  readonly minScore: number;
  readonly filter: MemoryFilter | undefined;
}

/**
 * The `topK` memories nearest the query by cosine similarity, best first, filtered in SQL.
 * With pgvector the nearest are ordered by `<=>` (the HNSW index when there is one; with
 * pgvector 0.8 and later an iterative scan keeps going until `topK` memories pass the
 * filter), then cut at `minScore`. Without pgvector every vector is scored in SQL.
 */
export function similarSearchStatement(layout: MemoryTableLayout, search: SimilarSearch): MemoryStatement {
  const { names, storage } = layout;
  const values: unknown[] = [search.vector];
  const conditions = ['embedding IS NOT NULL', ...filterConditions(search.filter, values)];
  const where = conditions.join(' AND ');
  if (storage.kind === 'real-array') {
    values.push(search.norm, search.minScore, search.topK);
    const [norm, minScore, topK] = [values.length - 2, values.length - 1, values.length];
    // Scores and the best keys first, the memories after: sorting every row with its vector would cost more.
    return {
      text: `WITH best AS (
        SELECT key, score FROM (
          SELECT key,
            COALESCE((SELECT sum(a::float8 * b::float8) / NULLIF(sqrt(sum(a::float8 * a::float8)) * $${norm}, 0)
                      FROM unnest(embedding, $1::real[]) AS pair(a, b)), 0) AS score
          FROM ${names.table} WHERE ${where}
        ) scored
        WHERE score >= $${minScore} ORDER BY score DESC, key LIMIT $${topK}
      )
      SELECT m.key, m.content, m.item, m.embedding, best.score
      FROM best JOIN ${names.table} m ON m.key = best.key ORDER BY best.score DESC, m.key`,
      values,
      settings: [],
    };
  }
  values.push(search.topK, search.minScore);
  const [topK, minScore] = [values.length - 1, values.length];
  return {
    // A zero vector has no direction: pgvector gives NaN, which scores 0 here as in the other stores.
    text: `SELECT key, content, item, embedding::real[] AS embedding, score FROM (
      SELECT key, content, item, embedding, CASE WHEN distance = 'NaN' THEN 0 ELSE 1 - distance END AS score
      FROM (
        SELECT key, content, item, embedding,
               embedding ${cosineDistanceOperator(storage)} $1${vectorCast(storage)} AS distance
        FROM ${names.table} WHERE ${where}
        ORDER BY distance LIMIT $${topK}
      ) nearest
    ) scored
    WHERE score >= $${minScore} ORDER BY score DESC, key`,
    values,
    settings: layout.hnswIndex ? hnswSettings(storage.version, search.topK) : [],
  };
}

/**
 * The HNSW search's candidate list: four times `topK`, at least 100 (pgvector's default of
 * 40 found 94% of the true top 10 on 100,000 clustered vectors of 384 dimensions, 100 finds
 * more than 95%), at most pgvector's 1,000; and from pgvector 0.8 an iterative scan in
 * exact order, so a filter that passes few memories still gets `topK` of them.
 */
function hnswSettings(version: string, topK: number | null): string[] {
  const candidates = Math.min(1000, Math.max(100, (topK ?? 250) * 4));
  return [
    `SET LOCAL hnsw.ef_search = ${candidates}`,
    ...(pgvectorAtLeast(version, [0, 8, 0]) ? ['SET LOCAL hnsw.iterative_scan = strict_order'] : []),
  ];
}

function filterConditions(filter: MemoryFilter | undefined, values: unknown[]): string[] {
  const conditions: string[] = [];
  if (filter?.type !== undefined) {
    values.push(filter.type);
    conditions.push(`type = $${values.length}`);
  }
  if (filter?.source !== undefined) {
    values.push(filter.source);
    conditions.push(`source = $${values.length}`);
  }
  if (filter?.tags !== undefined && filter.tags.length > 0) {
    values.push([...filter.tags]);
    conditions.push(`tags @> $${values.length}::text[]`);
  }
  return conditions;
}
