// One file over 300 lines: the provider implements the whole memory port on one pool and one table
// layout (fixed at the first vector), which every operation and the lazy schema set-up share.
import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  createLogger,
  type Logger,
  type MemoryEntry,
  type MemoryItem,
  MemoryItemError,
  type MemoryListOptions,
  type MemoryProvider,
  OrkeonError,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import { inTransaction } from '@orkeon/store-postgres';
import type pg from 'pg';
import {
  assertStorableText,
  type MemoryRow,
  memoryFromRow,
  type ScoredMemoryRow,
  scoredMemoryFromRow,
  storedItemJson,
} from './memory-rows.js';
import {
  getStatement,
  listStatement,
  type MemoryStatement,
  type MemoryTableLayout,
  rowLimit,
  similarSearchStatement,
  upsertStatement,
  wordSearchStatement,
} from './memory-statements.js';
import { reportPreparedTable, reportVectorIndex } from './memory-table-report.js';
import { describePostgresTarget, withoutConnectionSecrets } from './postgres-connection-target.js';
import { createMemoryPool } from './postgres-memory-connection.js';
import { PostgresMemoryClosedError, PostgresMemorySetupError } from './postgres-memory-errors.js';
import { checkedProviderOptions, type PostgresMemoryProviderOptions } from './postgres-memory-options.js';
import {
  fixDimensions,
  type MemoryTableRequest,
  type PreparedMemoryTable,
  prepareMemoryTable,
  recordedDimensions,
  type VectorIndexState,
} from './prepare-memory-table.js';
import { pgvectorMaximumDimensions, type VectorStorage, vectorLiteral } from './vector-storage.js';

/**
 * Memories in PostgreSQL, the store several instances share. With pgvector (created at
 * start when the server has it) vectors are a `vector(n)` column searched through an HNSW
 * index (`vector_cosine_ops`); without it they are `real[]` scored exactly in SQL, and one
 * warning says what that costs. Words are found through PostgreSQL full text
 * (`to_tsvector('simple', content)`, GIN index). The vectors' length is the `dimensions`
 * option or that of the first vector stored; a vector of another length is refused.
 * Every write is one statement.
 */
export class PostgresMemoryProvider implements MemoryProvider, AsyncDisposable {
  /** The table as configured, e.g. `orkeon_memory_items`. */
  readonly table: string;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #request: MemoryTableRequest;
  readonly #logger: Logger;
  readonly #target: string;
  readonly #connectionString: string | undefined;
  #ready: Promise<PreparedMemoryTable> | undefined;
  #dimensions: number | undefined;
  #index: VectorIndexState = { exists: false };
  #closed = false;

  constructor(options: PostgresMemoryProviderOptions) {
    const { request, maxConnections } = checkedProviderOptions(options);
    this.table = request.names.name;
    this.#request = request;
    this.#connectionString = options.connectionString;
    this.#target =
      options.connectionString === undefined ? 'the given pool' : describePostgresTarget(options.connectionString);
    this.#pool = options.pool ?? createMemoryPool(options.connectionString ?? '', maxConnections);
    this.#ownsPool = options.pool === undefined;
    this.#logger = options.logger ?? createLogger();
  }

  /**
   * Creates or checks the table (every operation waits for this; a failed attempt is tried
   * again by the next call). Call it to see problems at start: the registration does.
   */
  async start(): Promise<void> {
    await this.#prepared();
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    await this.#write([{ key, item }]);
  }

  /** Every entry is checked before the one statement that keeps them all; of one key given twice, the last wins. */
  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    await this.#write(entries);
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    const layout = await this.#layout();
    const result = await this.#pool.query<MemoryRow>(getStatement(layout), [key]);
    const row = result.rows[0];
    return row === undefined ? undefined : memoryFromRow(row);
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const layout = await this.#layout();
    if (query.trim() === '') return [];
    const statement = wordSearchStatement(layout, query, rowLimit(limit));
    const result = await this.#pool.query<ScoredMemoryRow>(statement.text, statement.values);
    return result.rows.map(scoredMemoryFromRow);
  }

  async delete(key: string): Promise<boolean> {
    const layout = await this.#layout();
    const result = await this.#pool.query(`DELETE FROM ${layout.names.table} WHERE key = $1`, [key]);
    return (result.rowCount ?? 0) > 0;
  }

  /** One statement for all the keys. */
  async deleteMany(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const layout = await this.#layout();
    const result = await this.#pool.query(`DELETE FROM ${layout.names.table} WHERE key = ANY($1::text[])`, [[...keys]]);
    return result.rowCount ?? 0;
  }

  /** Deletes every memory; the table keeps its vectors' length and index. */
  async clear(): Promise<void> {
    const layout = await this.#layout();
    await this.#pool.query(`DELETE FROM ${layout.names.table}`);
  }

  /** Entries in the byte order of their keys, a page per statement, through the primary key. */
  async listEntries(options: MemoryListOptions = {}): Promise<MemoryEntry[]> {
    const { after = '', limit = 100 } = options;
    const layout = await this.#layout();
    const result = await this.#pool.query<MemoryRow>(listStatement(layout), [after, Math.max(1, Math.floor(limit))]);
    return result.rows.map((row) => ({ key: row.key, item: memoryFromRow(row) }));
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const layout = await this.#layout();
    const dimensions = this.#dimensions ?? (await this.#dimensionsFixedElsewhere());
    if (dimensions === undefined) return [];
    if (embedding.length !== dimensions)
      throw new MemoryItemError(
        `The query vector has ${embedding.length} dimensions, and the memories of table '${this.table}' have ${dimensions}: embed the query with the model the memories were embedded with.`,
      );
    const vector = vectorLiteral(layout.storage, embedding);
    if (vector === undefined) throw new MemoryItemError(`The query vector has a value too large for a 32-bit float.`);
    const norm = Math.sqrt(embedding.reduce((sum, value) => sum + Math.fround(value) ** 2, 0));
    const statement = similarSearchStatement(layout, { vector, norm, topK: rowLimit(topK), minScore, filter });
    const rows = await this.#run<ScoredMemoryRow>(statement);
    return rows.map(scoredMemoryFromRow);
  }

  /** Ends the pool the store created (a pool given in the options stays open); the store cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #write(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    // Every entry is checked before anything is written; of one key given twice, the last wins.
    const checked = new Map<string, { readonly item: MemoryItem; readonly json: string }>();
    for (const { key, item } of entries) {
      checkedMemoryKey(key);
      checkedMemoryItem(item);
      const json = storedItemJson(item);
      assertStorableText(key, item.content, json, item.id);
      checked.delete(key);
      checked.set(key, { item, json });
    }
    if (checked.size === 0) return;
    const layout = await this.#layout();
    const vectors = await this.#vectorLiterals(layout.storage, checked);
    const rows = [...checked];
    await this.#pool.query(upsertStatement(layout), [
      rows.map(([key]) => key),
      rows.map(([, { item }]) => item.content),
      rows.map(([, { json }]) => json),
      rows.map(([key]) => vectors.get(key) ?? null),
    ]);
  }

  /**
   * The vectors' text forms by key, after checking that each has the table's length. The
   * first vector a table without a length receives fixes it (and builds the index).
   */
  async #vectorLiterals(
    storage: VectorStorage,
    entries: ReadonlyMap<string, { readonly item: MemoryItem }>,
  ): Promise<Map<string, string>> {
    const embedded = [...entries].filter(([, { item }]) => item.embedding !== undefined);
    const literals = new Map<string, string>();
    if (embedded.length === 0) return literals;
    for (const [key, { item }] of embedded) {
      const vector = item.embedding as readonly number[];
      const literal = vectorLiteral(storage, vector);
      if (literal === undefined)
        throw new MemoryItemError(
          `Memory '${item.id}' (key '${key}') has a vector value too large for a 32-bit float.`,
        );
      literals.set(key, literal);
    }
    const lengths = [...new Set(embedded.map(([, { item }]) => item.embedding?.length ?? 0))];
    const first = lengths[0] ?? 0;
    if (this.#dimensions === undefined) {
      if (lengths.length > 1)
        throw new MemoryItemError(
          `The memories given hold vectors of ${lengths.join(' and ')} dimensions: table '${this.table}' keeps one length, so embed them all with one model.`,
        );
      if (storage.kind === 'pgvector' && first > pgvectorMaximumDimensions)
        throw new MemoryItemError(
          `The vectors have ${first} dimensions, more than the ${pgvectorMaximumDimensions} pgvector keeps: use a model with shorter vectors.`,
        );
      const fixed = await fixDimensions(this.#pool, this.#request, storage, first);
      this.#dimensions = fixed.dimensions;
      this.#noteIndex(fixed.index);
    }
    const dimensions = this.#dimensions;
    for (const [key, { item }] of embedded) {
      const length = item.embedding?.length ?? 0;
      if (length !== dimensions)
        throw new MemoryItemError(
          `Memory '${item.id}' (key '${key}') has a vector of ${length} dimensions, and table '${this.table}' holds vectors of ${dimensions}: embed it with the model the table was filled with, or give another table (Svc:Memory:Postgres:Table).`,
        );
    }
    return literals;
  }

  /** The length another process fixed since this one started, if any (the index may have come with it). */
  async #dimensionsFixedElsewhere(): Promise<number | undefined> {
    const dimensions = await recordedDimensions(this.#pool, this.#request.names);
    if (dimensions !== undefined && this.#dimensions === undefined) {
      const fixed = await fixDimensions(this.#pool, this.#request, (await this.#prepared()).storage, dimensions);
      this.#dimensions = fixed.dimensions;
      this.#noteIndex(fixed.index);
    }
    return this.#dimensions;
  }

  async #run<Row extends pg.QueryResultRow>(statement: MemoryStatement): Promise<Row[]> {
    if (statement.settings.length === 0) return (await this.#pool.query<Row>(statement.text, statement.values)).rows;
    return inTransaction(this.#pool, async (client) => {
      for (const setting of statement.settings) await client.query(setting);
      return (await client.query<Row>(statement.text, statement.values)).rows;
    });
  }

  async #layout(): Promise<MemoryTableLayout> {
    const prepared = await this.#prepared();
    return { names: this.#request.names, storage: prepared.storage, hnswIndex: this.#index.exists };
  }

  #prepared(): Promise<PreparedMemoryTable> {
    if (this.#closed) return Promise.reject(new PostgresMemoryClosedError(this.table));
    this.#ready ??= prepareMemoryTable(this.#pool, this.#request).then(
      (prepared) => {
        this.#dimensions = prepared.dimensions;
        this.#index = prepared.index;
        reportPreparedTable(this.#logger, this.table, prepared);
        return prepared;
      },
      (error: unknown) => {
        this.#ready = undefined;
        if (OrkeonError.isInstance(error)) throw error;
        const reason = withoutConnectionSecrets(
          error instanceof Error ? error.message : String(error),
          this.#connectionString,
        );
        throw new PostgresMemorySetupError(this.table, this.#target, reason, this.#safeCause(error));
      },
    );
    return this.#ready;
  }

  /** The error itself when nothing in it repeats the connection string or its password; else a copy without. */
  #safeCause(error: unknown): unknown {
    if (!(error instanceof Error)) return undefined;
    const shown = `${error.message}\n${error.stack ?? ''}\n${JSON.stringify(error)}`;
    if (withoutConnectionSecrets(shown, this.#connectionString) === shown) return error;
    return new Error(withoutConnectionSecrets(error.message, this.#connectionString));
  }

  #noteIndex(index: VectorIndexState): void {
    this.#index = index;
    reportVectorIndex(this.#logger, this.table, index);
  }
}
