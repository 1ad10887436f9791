import type { z } from 'zod';
import { invalidArgument, matchesFilter, PineconeContractRefusal } from './pinecone-contract-filter.js';
import type {
  deletePayload,
  describeIndexStatsPayload,
  PineconeMetadata,
  queryPayload,
  upsertPayload,
} from './pinecone-contract-payloads.js';

export type PineconeMetric = 'cosine' | 'euclidean' | 'dotproduct';

/** How the contract server describes an index. */
export interface PineconeContractIndexDefinition {
  readonly name: string;
  readonly dimension: number;
  readonly metric?: PineconeMetric;
  /** Default true. */
  readonly ready?: boolean;
  /** A document index (its dense field is not `_values`), which the vectors API does not serve. */
  readonly documentIndex?: boolean;
}

export interface StoredVector {
  readonly values: number[];
  readonly metadata: PineconeMetadata | undefined;
}

const metadataLimitBytes = 40 * 1024;

/**
 * One dense index as Pinecone's vectors API keeps it: namespaces created by their first
 * upsert, records replaced whole by an upsert, values kept as 32-bit floats of the index's
 * dimension (never all zeros), at most 40 KB of metadata a record, ids listed in order.
 */
export class PineconeContractIndex {
  readonly namespaces = new Map<string, Map<string, StoredVector>>();

  constructor(readonly definition: PineconeContractIndexDefinition) {}

  get metric(): PineconeMetric {
    return this.definition.metric ?? 'cosine';
  }

  /** The `IndexModel` of the control plane, API version 2026-07. */
  describe(host: string): Record<string, unknown> {
    const ready = this.definition.ready ?? true;
    return {
      name: this.definition.name,
      host,
      deletion_protection: 'disabled',
      deployment: { deployment_type: 'managed', cloud: 'aws', region: 'us-east-1' },
      read_capacity: { mode: 'OnDemand', status: { state: ready ? 'Ready' : 'Initializing' } },
      schema: {
        fields: {
          [this.definition.documentIndex === true ? 'embedding' : '_values']: {
            type: 'dense_vector',
            dimension: this.definition.dimension,
            metric: this.metric,
          },
        },
      },
      status: { ready, state: ready ? 'Ready' : 'Initializing' },
    };
  }

  describeStats(payload: z.infer<typeof describeIndexStatsPayload>): Record<string, unknown> {
    const namespaces: Record<string, { vectorCount: number }> = {};
    let total = 0;
    for (const [name, records] of this.namespaces) {
      const count = [...records.values()].filter(
        (record) => payload.filter === undefined || matchesFilter(payload.filter, record.metadata),
      ).length;
      namespaces[name] = { vectorCount: count };
      total += count;
    }
    return {
      namespaces,
      dimension: this.definition.dimension,
      indexFullness: 0,
      totalVectorCount: total,
      metric: this.metric,
      vectorType: 'dense',
    };
  }

  upsert(payload: z.infer<typeof upsertPayload>): Record<string, unknown> {
    const checked = payload.vectors.map((vector) => {
      if (vector.values.length !== this.definition.dimension)
        throw invalidArgument(
          `Vector dimension ${vector.values.length} does not match the dimension of the index ${this.definition.dimension}`,
        );
      if (!vector.values.every(Number.isFinite)) throw invalidArgument('Vector values must be finite numbers');
      if (vector.values.every((value) => value === 0))
        throw invalidArgument('Dense vectors must contain at least one non-zero value');
      const bytes = Buffer.byteLength(JSON.stringify(vector.metadata ?? {}), 'utf8');
      if (bytes > metadataLimitBytes)
        throw invalidArgument(
          `Metadata size is ${bytes} bytes, which exceeds the limit of ${metadataLimitBytes} bytes per vector`,
        );
      return [vector.id, { values: vector.values.map(Math.fround), metadata: vector.metadata }] as const;
    });
    const name = payload.namespace ?? '';
    const records = this.namespaces.get(name) ?? new Map<string, StoredVector>();
    for (const [id, record] of checked) records.set(id, record);
    this.namespaces.set(name, records);
    return { upsertedCount: checked.length };
  }

  fetch(ids: readonly string[], namespace: string): Record<string, unknown> {
    if (ids.length === 0 || ids.length > 1000) throw invalidArgument('Fetch takes 1 to 1000 ids');
    const records = this.namespaces.get(namespace);
    const vectors: Record<string, unknown> = {};
    for (const id of ids) {
      const record = records?.get(id);
      if (record !== undefined) vectors[id] = { id, values: record.values, ...metadataOf(record) };
    }
    return { vectors, namespace, usage: { readUnits: 1 } };
  }

  query(payload: z.infer<typeof queryPayload>): Record<string, unknown> {
    if (payload.vector.length !== this.definition.dimension)
      throw invalidArgument(
        `Query vector dimension ${payload.vector.length} does not match the dimension of the index ${this.definition.dimension}`,
      );
    if ((payload.includeValues === true || payload.includeMetadata === true) && payload.topK > 1000)
      throw invalidArgument('topK must be at most 1000 when values or metadata are included');
    // Checked once on no record, so that a malformed filter is refused even by an empty namespace.
    if (payload.filter !== undefined) matchesFilter(payload.filter, undefined);
    const namespace = payload.namespace ?? '';
    const vector = payload.vector.map(Math.fround);
    const matches = [...(this.namespaces.get(namespace) ?? [])]
      .filter(([, record]) => payload.filter === undefined || matchesFilter(payload.filter, record.metadata))
      .map(([id, record]) => ({ id, record, score: score(this.metric, vector, record.values) }))
      .sort((a, b) => (this.metric === 'euclidean' ? a.score - b.score : b.score - a.score))
      .slice(0, payload.topK)
      .map(({ id, record, score }) => ({
        id,
        score,
        values: payload.includeValues === true ? record.values : [],
        ...(payload.includeMetadata === true ? metadataOf(record) : {}),
      }));
    return { matches, namespace, usage: { readUnits: 5 } };
  }

  list(namespace: string, limit: number, token: string | undefined, prefix: string): Record<string, unknown> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidArgument('limit must be from 1 to 100');
    const ids = [...(this.namespaces.get(namespace)?.keys() ?? [])].filter((id) => id.startsWith(prefix)).sort();
    let start = 0;
    if (token !== undefined) {
      const decoded = Number(Buffer.from(token, 'base64url').toString('utf8'));
      if (!Number.isInteger(decoded) || decoded < 0)
        throw invalidArgument('paginationToken is not one this server gave');
      start = decoded;
    }
    const page = ids.slice(start, start + limit);
    const next = start + limit < ids.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
    return {
      vectors: page.map((id) => ({ id })),
      ...(next === undefined ? {} : { pagination: { next } }),
      namespace,
      usage: { readUnits: 1 },
    };
  }

  delete(payload: z.infer<typeof deletePayload>): Record<string, unknown> {
    const chosen = [payload.ids !== undefined, payload.deleteAll === true, payload.filter !== undefined];
    if (chosen.filter(Boolean).length !== 1) throw invalidArgument('Give exactly one of ids, deleteAll and filter');
    const name = payload.namespace ?? '';
    const records = this.namespaces.get(name);
    // Serverless answers 404 for a namespace that holds nothing (as pinecone-ts-client issue #324 reports).
    if (records === undefined) throw new PineconeContractRefusal(404, 5, 'Namespace not found');
    if (payload.deleteAll === true) this.namespaces.delete(name);
    else if (payload.ids !== undefined) for (const id of payload.ids) records.delete(id);
    else for (const [id, record] of records) if (matchesFilter(payload.filter, record.metadata)) records.delete(id);
    if (records.size === 0) this.namespaces.delete(name);
    return {};
  }
}

function metadataOf(record: StoredVector): { metadata?: PineconeMetadata } {
  return record.metadata === undefined ? {} : { metadata: record.metadata };
}

function score(metric: PineconeMetric, a: readonly number[], b: readonly number[]): number {
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
  if (metric === 'dotproduct') return dot;
  if (metric === 'euclidean') return squared;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
