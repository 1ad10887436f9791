/**
 * How the table keeps vectors: pgvector's `vector(n)` (the extension may live in any
 * schema, so its type and operator are qualified with it), or `real[]` where the server
 * has no pgvector.
 */
export type VectorStorage =
  | { readonly kind: 'pgvector'; readonly schema: string; readonly version: string }
  | { readonly kind: 'real-array' };

/** Where vectors are indexed: pgvector's HNSW index, or none (every search reads every vector). */
export const postgresVectorIndexKinds = ['hnsw', 'none'] as const;
export type PostgresVectorIndexKind = (typeof postgresVectorIndexKinds)[number];

/** pgvector's HNSW index takes vectors of up to 2,000 dimensions; the `vector` type itself 16,000. */
export const hnswMaximumDimensions = 2000;
export const pgvectorMaximumDimensions = 16_000;

/** The largest magnitude a `real` (float4) holds. */
const float4Maximum = 3.4028234663852886e38;

/** The extension's schema as a quoted identifier (a name from the catalogue, so quotes in it are doubled). */
function quotedSchema(storage: VectorStorage & { kind: 'pgvector' }): string {
  return `"${storage.schema.replaceAll('"', '""')}"`;
}

/** The column type for vectors of `dimensions` (unknown: any length, until the first vector fixes it). */
export function embeddingColumnType(storage: VectorStorage, dimensions: number | undefined): string {
  if (storage.kind === 'real-array') return 'real[]';
  return `${quotedSchema(storage)}.vector${dimensions === undefined ? '' : `(${dimensions})`}`;
}

/** `::<type>`: what a text literal of a vector is cast to. */
export function vectorCast(storage: VectorStorage): string {
  return storage.kind === 'real-array' ? '::real[]' : `::${quotedSchema(storage)}.vector`;
}

/** pgvector's cosine distance operator, qualified. */
export function cosineDistanceOperator(storage: VectorStorage & { kind: 'pgvector' }): string {
  return `OPERATOR(${quotedSchema(storage)}.<=>)`;
}

/**
 * The text form of a vector for the column: `[1,0.5]` (pgvector) or `{1,0.5}` (`real[]`).
 * Values too small for a `real` are written as 0 (PostgreSQL's `real` input refuses them
 * where pgvector rounds them); `undefined` when a value is too large for a `real`.
 */
export function vectorLiteral(storage: VectorStorage, vector: readonly number[]): string | undefined {
  const parts: string[] = [];
  for (const value of vector) {
    if (Math.abs(value) > float4Maximum) return undefined;
    parts.push(Math.fround(value) === 0 ? '0' : String(value));
  }
  const text = parts.join(',');
  return storage.kind === 'real-array' ? `{${text}}` : `[${text}]`;
}

/** True when pgvector `version` (`0.8.0`) is at least `minimum`. */
export function pgvectorAtLeast(version: string, minimum: readonly [number, number, number]): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < 3; index++) {
    const difference = (parts[index] ?? 0) - (minimum[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** pgvector's operator class for cosine distance in an HNSW index, qualified. */
export function cosineOperatorClass(storage: VectorStorage & { kind: 'pgvector' }): string {
  return `${quotedSchema(storage)}.vector_cosine_ops`;
}
