import { MemoryItemError, type MemoryType } from '@orkeon/core';
import type { ApproximateVectorIndex } from './hnsw-vector-index.js';

/** What the index keeps of a memory besides its vector: what search filters read. */
export interface IndexedMemory {
  readonly key: string;
  readonly type: MemoryType;
  readonly source: string;
  readonly tags: readonly string[];
}

/** A row of the index found by a search, best first. */
export interface VectorHit {
  readonly key: string;
  readonly score: number;
}

/** What a search keeps: the filter, read from the index without parsing any stored JSON. */
export type IndexedFilter = (memory: IndexedMemory) => boolean;

/**
 * The stored vectors of one SQLite memory store, in this process: one contiguous float32
 * matrix with each row's norm, so an exact cosine search is one pass over memory instead of
 * a read of every row from the file. Kept up to date by the store's own writes; rebuilt
 * when another connection has written (the store watches `PRAGMA data_version`). With an
 * approximate graph attached, a search scores only the graph's candidates.
 */
export class SqliteVectorIndex {
  #approximate: ApproximateVectorIndex | undefined;
  #dimensions: number | undefined;
  #matrix = new Float32Array(0);
  #norms = new Float64Array(0);
  readonly #memories: IndexedMemory[] = [];
  readonly #rows = new Map<string, number>();
  /** Vectors of another length than the matrix's, only to name them when a query mixes models. */
  readonly #otherLength = new Map<string, number>();

  get size(): number {
    return this.#memories.length;
  }

  /** The length of the vectors searched, once there is one. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  get approximate(): boolean {
    return this.#approximate !== undefined;
  }

  /** The vector held for `key` (a view: copy it before keeping it). */
  vector(key: string): Float32Array | undefined {
    const row = this.#rows.get(key);
    const dimensions = this.#dimensions ?? 0;
    return row === undefined ? undefined : this.#matrix.subarray(row * dimensions, (row + 1) * dimensions);
  }

  /** Puts every vector into `graph`, which from now on finds the candidates of each search. */
  attachApproximate(graph: ApproximateVectorIndex): void {
    graph.add(
      this.#memories.map((memory) => memory.key),
      this.#matrix,
    );
    this.#approximate = graph;
  }

  /** Adds or replaces the memory's vector (and removes it when `vector` is undefined). */
  set(memory: IndexedMemory, vector: Float32Array | undefined): void {
    this.delete(memory.key);
    if (vector === undefined) return;
    if (this.#memories.length === 0) this.#dimensions = vector.length;
    if (vector.length !== this.#dimensions) {
      this.#otherLength.set(memory.key, vector.length);
      return;
    }
    const row = this.#memories.length;
    this.#reserve(row + 1);
    this.#matrix.set(vector, row * vector.length);
    this.#norms[row] = Math.sqrt(dot(vector, 0, vector, vector.length));
    this.#memories.push(memory);
    this.#rows.set(memory.key, row);
    this.#approximate?.add([memory.key], vector);
  }

  delete(key: string): void {
    this.#otherLength.delete(key);
    const row = this.#rows.get(key);
    if (row === undefined) return;
    this.#approximate?.delete(key);
    // The last row takes the deleted one's place: rows stay contiguous.
    const last = this.#memories.length - 1;
    const dimensions = this.#dimensions ?? 0;
    if (row !== last) {
      const moved = this.#memories[last] as IndexedMemory;
      this.#matrix.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
      this.#norms[row] = this.#norms[last] as number;
      this.#memories[row] = moved;
      this.#rows.set(moved.key, row);
    }
    this.#memories.pop();
    this.#rows.delete(key);
  }

  clear(): void {
    this.#memories.length = 0;
    this.#rows.clear();
    this.#otherLength.clear();
    this.#dimensions = undefined;
    // The next vectors may be of another length: a graph is built again when one is wanted.
    this.#approximate = undefined;
  }

  /**
   * The `topK` rows nearest `query` by cosine similarity, at least `minScore`, passing
   * `filter`, best first (ties by key). A stored vector of another length than the query's
   * is refused: the two were made by different models.
   */
  search(query: Float32Array, topK: number, minScore: number, filter: IndexedFilter | undefined): VectorHit[] {
    const dimensions = this.#dimensions;
    if (dimensions === undefined || topK <= 0) return [];
    const mismatch =
      dimensions !== query.length && this.#memories.length > 0
        ? [this.#memories[0]?.key as string, dimensions]
        : [...this.#otherLength].find(([, length]) => length !== query.length);
    if (mismatch !== undefined)
      throw new MemoryItemError(
        `The query vector has ${query.length} dimensions and memory '${mismatch[0]}' has ${mismatch[1]}: embed both with one model.`,
      );
    const queryNorm = Math.sqrt(dot(query, 0, query, dimensions));
    if (queryNorm === 0) return [];
    const approximate = this.#approximateSearch(query, queryNorm, topK, minScore, filter);
    if (approximate !== undefined) return approximate;
    // The best rows so far, kept sorted; small (topK), so insertion beats a heap.
    const best: VectorHit[] = [];
    const matrix = this.#matrix;
    for (let row = 0; row < this.#memories.length; row++) {
      const norm = this.#norms[row] as number;
      const score = norm === 0 ? 0 : dot(matrix, row * dimensions, query, dimensions) / (norm * queryNorm);
      if (score < minScore) continue;
      if (best.length === topK && !isBetter(score, this.#memories[row]?.key as string, best[topK - 1] as VectorHit))
        continue;
      const memory = this.#memories[row] as IndexedMemory;
      if (filter !== undefined && !filter(memory)) continue;
      insertSorted(best, { key: memory.key, score }, topK);
    }
    return best;
  }

  /**
   * The graph's candidates scored exactly: twice `topK` of them, four times more while a
   * filter rejects so many that fewer than `topK` remain, and undefined (scan every row)
   * once the candidates would be an eighth of the rows or more.
   */
  #approximateSearch(
    query: Float32Array,
    queryNorm: number,
    topK: number,
    minScore: number,
    filter: IndexedFilter | undefined,
  ): VectorHit[] | undefined {
    const graph = this.#approximate;
    if (graph === undefined) return undefined;
    const dimensions = this.#dimensions ?? 0;
    const first = Math.max(topK * 2, 20);
    for (let wanted = first; wanted === first || wanted < this.size / 8; wanted *= 4) {
      const candidates = graph.nearest(query, wanted);
      const best: VectorHit[] = [];
      let rejected = false;
      for (const key of candidates) {
        const row = this.#rows.get(key);
        if (row === undefined) continue;
        const norm = this.#norms[row] as number;
        const score = norm === 0 ? 0 : dot(this.#matrix, row * dimensions, query, dimensions) / (norm * queryNorm);
        if (score < minScore) continue;
        const memory = this.#memories[row] as IndexedMemory;
        if (filter !== undefined && !filter(memory)) {
          rejected = true;
          continue;
        }
        insertSorted(best, { key, score }, topK);
      }
      // Enough found, every vector seen, or only the minimum score left the rest out.
      if (best.length >= topK || candidates.length < wanted || !rejected) return best;
    }
    return undefined;
  }

  #reserve(rows: number): void {
    const dimensions = this.#dimensions ?? 0;
    if (rows * dimensions <= this.#matrix.length) return;
    const capacity = Math.max(rows, this.#norms.length * 2, 64);
    const matrix = new Float32Array(capacity * dimensions);
    matrix.set(this.#matrix.subarray(0, this.#memories.length * dimensions));
    const norms = new Float64Array(capacity);
    norms.set(this.#norms.subarray(0, this.#memories.length));
    this.#matrix = matrix;
    this.#norms = norms;
  }
}

function dot(a: Float32Array, offset: number, b: Float32Array, length: number): number {
  let sum = 0;
  for (let index = 0; index < length; index++) sum += (a[offset + index] as number) * (b[index] as number);
  return sum;
}

function isBetter(score: number, key: string, than: VectorHit): boolean {
  return score > than.score || (score === than.score && key < than.key);
}

function insertSorted(best: VectorHit[], hit: VectorHit, limit: number): void {
  let at = best.length;
  while (at > 0 && isBetter(hit.score, hit.key, best[at - 1] as VectorHit)) at--;
  best.splice(at, 0, hit);
  if (best.length > limit) best.pop();
}
