import { createRequire } from 'node:module';
import { SqliteMemoryIndexUnavailableError } from './sqlite-store-errors.js';

/** The approximate nearest-neighbour graph the exact index consults first (`SqliteVectorIndex`). */
export interface ApproximateVectorIndex {
  readonly size: number;
  /** Adds `vectors` (one row of `dimensions` floats per key). */
  add(keys: readonly string[], vectors: Float32Array): void;
  delete(key: string): void;
  /** Up to `count` keys nearest `query`, nearest first. */
  nearest(query: Float32Array, count: number): string[];
}

/** The graph's shape: 16 links per node, a wide beam while building, 64 candidates per search. */
const connectivity = 16;
const expansionAdd = 128;
const expansionSearch = 64;

type UsearchModule = typeof import('usearch');

let loaded: UsearchModule | undefined;

/**
 * USearch, an optional dependency: loaded on the first approximate index, once per process.
 * Its CommonJS build, which finds its native library from its own folder (the ES module
 * build looks for it from the caller's stack and can fail to).
 */
function loadUsearch(): UsearchModule {
  try {
    loaded ??= createRequire(import.meta.url)('usearch') as UsearchModule;
    return loaded;
  } catch (cause) {
    throw new SqliteMemoryIndexUnavailableError(cause);
  }
}

/**
 * An HNSW graph over cosine distance (USearch, vectors kept as float16 inside the graph):
 * it finds candidates, and the exact index scores them. USearch keys are integers, so each
 * memory key gets a number of its own for as long as it is in the graph.
 */
export class HnswVectorIndex implements ApproximateVectorIndex {
  readonly #graph: InstanceType<UsearchModule['Index']>;
  readonly #dimensions: number;
  readonly #numbers = new Map<string, bigint>();
  readonly #keys = new Map<bigint, string>();
  #next = 1n;

  private constructor(usearch: UsearchModule, dimensions: number) {
    this.#dimensions = dimensions;
    this.#graph = new usearch.Index({
      dimensions,
      metric: usearch.MetricKind.Cos,
      quantization: usearch.ScalarKind.F16,
      connectivity,
      expansion_add: expansionAdd,
      expansion_search: expansionSearch,
      multi: false,
    });
  }

  /** An empty graph for vectors of `dimensions`; `SQLITE_MEMORY_INDEX_UNAVAILABLE` without USearch. */
  static create(dimensions: number): HnswVectorIndex {
    return new HnswVectorIndex(loadUsearch(), dimensions);
  }

  get size(): number {
    return this.#numbers.size;
  }

  add(keys: readonly string[], vectors: Float32Array): void {
    if (keys.length === 0) return;
    for (const key of keys) this.delete(key);
    const numbers = new BigUint64Array(keys.length);
    keys.forEach((key, at) => {
      const number = this.#next++;
      numbers[at] = number;
      this.#numbers.set(key, number);
      this.#keys.set(number, key);
    });
    // All cores while building the graph in one go; one thread for the single writes after.
    this.#graph.add(numbers, vectors.subarray(0, keys.length * this.#dimensions), keys.length > 1 ? 0 : 1);
  }

  delete(key: string): void {
    const number = this.#numbers.get(key);
    if (number === undefined) return;
    this.#graph.remove(number);
    this.#numbers.delete(key);
    this.#keys.delete(number);
  }

  nearest(query: Float32Array, count: number): string[] {
    if (this.size === 0 || count <= 0) return [];
    const found = this.#graph.search(query, Math.min(count, this.size), 1);
    const keys: string[] = [];
    for (const number of found.keys) {
      const key = this.#keys.get(number);
      if (key !== undefined) keys.push(key);
    }
    return keys;
  }
}
