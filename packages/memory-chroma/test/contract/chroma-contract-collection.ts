import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ChromaContractRefusal, matchesWhere, matchesWhereDocument } from './chroma-contract-filters.js';
import type {
  ChromaInclude,
  ChromaMetadata,
  ChromaSpace,
  deletePayload,
  getPayload,
  queryPayload,
  upsertPayload,
} from './chroma-contract-payloads.js';

interface StoredRecord {
  embedding: number[];
  document: string | null;
  metadata: ChromaMetadata | null;
}

const invalid = (message: string) => new ChromaContractRefusal(400, 'InvalidArgumentError', message);

/**
 * One collection as ChromaDB keeps it: vectors stored as 32-bit floats, of the one length
 * the first write gave (kept after every record is deleted); an upsert replaces the vector
 * and document and merges the metadata into what the record held; records are read back in
 * the order they were first added.
 */
export class ChromaContractCollection {
  readonly id = randomUUID();
  readonly records = new Map<string, StoredRecord>();
  dimension: number | null = null;

  constructor(
    readonly tenant: string,
    readonly database: string,
    readonly name: string,
    readonly space: ChromaSpace,
    readonly metadata: ChromaMetadata | null,
    readonly embeddingFunction: Record<string, unknown> | null,
  ) {}

  /** The `Collection` object of the API. */
  describe(): Record<string, unknown> {
    return {
      id: this.id,
      name: this.name,
      tenant: this.tenant,
      database: this.database,
      metadata: this.metadata,
      dimension: this.dimension,
      log_position: 0,
      version: 0,
      configuration_json: {
        hnsw: {
          space: this.space,
          ef_construction: 100,
          ef_search: 100,
          max_neighbors: 16,
          resize_factor: 1.2,
          sync_threshold: 1000,
        },
        spann: null,
        embedding_function: this.embeddingFunction,
      },
      schema: null,
    };
  }

  upsert(payload: z.infer<typeof upsertPayload>): Record<string, unknown> {
    const count = payload.ids.length;
    for (const [field, values] of [
      ['embeddings', payload.embeddings],
      ['documents', payload.documents],
      ['metadatas', payload.metadatas],
    ] as const) {
      if (values !== null && values !== undefined && values.length !== count)
        throw invalid(`Inconsistent number of records: ${count} ids and ${values.length} ${field}`);
    }
    if (new Set(payload.ids).size !== count) throw invalid('Expected IDs to be unique');
    const vectors = payload.embeddings.map(decodeEmbedding);
    for (const vector of vectors) {
      const expected = this.dimension ?? vectors[0]?.length;
      if (vector.length !== expected)
        throw invalid(`Collection expecting embedding with dimension of ${expected}, got ${vector.length}`);
    }
    payload.ids.forEach((id, index) => {
      const held = this.records.get(id);
      const metadata = payload.metadatas?.[index];
      this.records.set(id, {
        embedding: vectors[index] as number[],
        document: payload.documents?.[index] ?? held?.document ?? null,
        metadata:
          metadata === undefined || metadata === null ? (held?.metadata ?? null) : merged(held?.metadata, metadata),
      });
    });
    this.dimension ??= vectors[0]?.length ?? null;
    return {};
  }

  get(payload: z.infer<typeof getPayload>): Record<string, unknown> {
    const include = payload.include ?? ['documents', 'metadatas'];
    if (include.includes('distances')) throw invalid('distances cannot be included in a get');
    const offset = payload.offset ?? 0;
    const limit = payload.limit ?? Number.POSITIVE_INFINITY;
    const found = this.#filtered(payload).slice(offset, offset + limit);
    return {
      ids: found.map(([id]) => id),
      ...projection(include, found),
      include,
    };
  }

  query(payload: z.infer<typeof queryPayload>): Record<string, unknown> {
    const include = payload.include ?? ['metadatas', 'documents', 'distances'];
    const candidates = this.#filtered(payload);
    const results = payload.query_embeddings.map((query) => {
      if (this.dimension !== null && query.length !== this.dimension)
        throw invalid(`Collection expecting embedding with dimension of ${this.dimension}, got ${query.length}`);
      const vector = query.map(Math.fround);
      return candidates
        .map(([id, record]) => ({ id, record, distance: distance(this.space, vector, record.embedding) }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, payload.n_results ?? 10);
    });
    const per = (field: ChromaInclude, value: (hit: { record: StoredRecord; distance: number }) => unknown) =>
      include.includes(field) ? results.map((hits) => hits.map(value)) : null;
    return {
      ids: results.map((hits) => hits.map((hit) => hit.id)),
      distances: per('distances', (hit) => hit.distance),
      documents: per('documents', (hit) => hit.record.document),
      metadatas: per('metadatas', (hit) => hit.record.metadata),
      embeddings: per('embeddings', (hit) => hit.record.embedding),
      uris: null,
      include,
    };
  }

  delete(payload: z.infer<typeof deletePayload>): Record<string, unknown> {
    if (payload.ids == null && payload.where === undefined && payload.where_document === undefined)
      throw invalid('Expected ids, where or where_document to choose what to delete');
    const found = this.#filtered(payload).slice(0, payload.limit ?? Number.POSITIVE_INFINITY);
    for (const [id] of found) this.records.delete(id);
    return { deleted: found.length };
  }

  #filtered(payload: {
    readonly ids?: readonly string[] | null | undefined;
    readonly where?: unknown;
    readonly where_document?: unknown;
  }): [string, StoredRecord][] {
    const wanted = payload.ids == null ? undefined : new Set(payload.ids);
    // Checked once on no record, so that a malformed filter is refused even when nothing would be read.
    if (payload.where !== undefined) matchesWhere(payload.where, null);
    if (payload.where_document !== undefined) matchesWhereDocument(payload.where_document, null);
    return [...this.records].filter(
      ([id, record]) =>
        (wanted === undefined || wanted.has(id)) &&
        (payload.where === undefined || matchesWhere(payload.where, record.metadata)) &&
        (payload.where_document === undefined || matchesWhereDocument(payload.where_document, record.document)),
    );
  }
}

function projection(include: readonly ChromaInclude[], found: [string, StoredRecord][]): Record<string, unknown> {
  const field = (name: ChromaInclude, value: (record: StoredRecord) => unknown) =>
    include.includes(name) ? found.map(([, record]) => value(record)) : null;
  return {
    documents: field('documents', (record) => record.document),
    metadatas: field('metadatas', (record) => record.metadata),
    embeddings: field('embeddings', (record) => record.embedding),
    uris: field('uris', () => null),
  };
}

/** ChromaDB keeps a merged record's keys it was not sent, and removes those sent as null. */
function merged(held: ChromaMetadata | null | undefined, sent: ChromaMetadata): ChromaMetadata {
  const result: ChromaMetadata = { ...(held ?? {}) };
  for (const [key, value] of Object.entries(sent)) {
    if (value === null) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** A vector as JSON numbers, or as the base64 of little-endian 32-bit floats the client sends when the server allows it. */
function decodeEmbedding(embedding: readonly number[] | string): number[] {
  if (typeof embedding !== 'string') {
    if (embedding.length === 0 || !embedding.every(Number.isFinite))
      throw invalid('Expected a non-empty list of numbers');
    return embedding.map(Math.fround);
  }
  const bytes = Buffer.from(embedding, 'base64');
  if (bytes.length === 0 || bytes.length % 4 !== 0 || bytes.toString('base64') !== embedding)
    throw invalid('Expected a base64 embedding of little-endian 32-bit floats');
  const values: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += 4) values.push(bytes.readFloatLE(offset));
  if (!values.every(Number.isFinite)) throw invalid('Expected finite embedding values');
  return values;
}

function distance(space: ChromaSpace, a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  let squared = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
    squared += (x - y) * (x - y);
  }
  if (space === 'l2') return squared;
  if (space === 'ip') return 1 - dot;
  return normA === 0 || normB === 0 ? 1 : 1 - dot / Math.sqrt(normA * normB);
}
