import type { IndexModel } from '@pinecone-database/pinecone';
import { PineconeMemoryIndexError } from './pinecone-memory-errors.js';

/** Where the index answers and the length of its vectors. */
export interface PineconeIndexTarget {
  readonly host: string;
  readonly dimension: number;
}

/**
 * The name API version 2026-07 gives the dense vector field of an index served by the
 * vectors API (upsert, query, fetch); an index whose vector field has another name is a
 * document index, served by the Documents API.
 */
const vectorsApiField = '_values';

/**
 * The host and dimension of an index as the control plane describes it (API version
 * 2026-07: the dimension and metric sit on the schema's dense vector field), refusing an
 * index this store cannot use: not ready, not a dense index of the vectors API, not cosine.
 * The host is chosen as the client chooses it: the private host when there is one.
 */
export function indexTargetOf(described: IndexModel): PineconeIndexTarget {
  const name = described.name;
  if (described.status?.ready !== true)
    throw new PineconeMemoryIndexError(
      name,
      `it is not ready (state ${described.status?.state ?? 'unknown'}): wait until the console shows it Ready`,
    );
  const field = described.schema?.fields?.[vectorsApiField];
  if (field === undefined || !('type' in field) || field.type !== 'dense_vector') {
    const fields = Object.keys(described.schema?.fields ?? {}).join(', ') || 'none';
    throw new PineconeMemoryIndexError(
      name,
      `it is not a dense index of the vectors API (its schema has no dense vector field '${vectorsApiField}'; fields: ${fields}): create a dense index with cosine metric`,
    );
  }
  if (field.metric !== 'cosine')
    throw new PineconeMemoryIndexError(
      name,
      `it measures '${field.metric}' and memories are compared by cosine similarity: create an index with metric cosine`,
    );
  const host = described.privateHost || described.host;
  if (typeof host !== 'string' || host === '')
    throw new PineconeMemoryIndexError(name, 'the control plane gave no host for it: set Svc:Memory:Pinecone:Host');
  return { host, dimension: field.dimension };
}
