import { type Connection, type ConnectionOptions, connect, Index, type Table } from '@lancedb/lancedb';
import { type Logger, MemoryItemError } from '@orkeon/core';
import { DataType, type FixedSizeList } from 'apache-arrow';
import { LanceDbMemoryOpenError, LanceDbMemoryTableError, scrubbedFailure } from './lancedb-memory-errors.js';
import { memoryColumns, memoryTableSchema, vectorColumn, vectorColumnSql } from './memory-table-schema.js';

/** Where the table is and how it is kept (see `LanceDbMemoryProviderOptions`). */
export interface MemoryTableOptions {
  readonly uri: string;
  readonly table: string;
  readonly dimensions?: number;
  readonly apiKey?: string;
  readonly region?: string;
  readonly hostOverride?: string;
  readonly indexThreshold: number;
  readonly logger?: Logger;
}

/** The search-time knobs of the approximate index: candidates looked at, and exact distances for those returned. */
export const hnswSearchBreadth = 300;

/** Vectors per partition of the HNSW index: LanceDB advises one graph until it no longer fits in memory. */
const vectorsPerPartition = 1_000_000;

/**
 * One opened memory table and what the store knows about it: the length of its vectors,
 * whether it has a vector column and an approximate index yet, and how much was written
 * since its indexes were last brought up to date.
 */
export class LanceDbMemoryTable {
  readonly table: Table;
  readonly remote: boolean;
  #connection: Connection;
  #options: MemoryTableOptions;
  #dimensions: number | undefined;
  #hasVectorColumn: boolean;
  #vectorIndexed: boolean;
  /** Vectors the table may hold (an upper bound, made exact by counting before an index is built). */
  #vectorEstimate = 0;
  #rowsSinceOptimize = 0;

  private constructor(connection: Connection, table: Table, options: MemoryTableOptions, layout: TableLayout) {
    this.#connection = connection;
    this.table = table;
    this.#options = options;
    this.remote = options.uri.startsWith('db://');
    this.#dimensions = layout.dimensions;
    this.#hasVectorColumn = layout.hasVectorColumn;
    this.#vectorIndexed = layout.vectorIndexed;
  }

  /** Connects, opens the table (made, with its full-text index, when missing) and checks its columns. */
  static async open(options: MemoryTableOptions): Promise<LanceDbMemoryTable> {
    const secrets = options.apiKey === undefined ? [] : [options.apiKey];
    let connection: Connection;
    let table: Table;
    try {
      connection = await connect(options.uri, connectionOptions(options));
      table = await openOrCreate(connection, options);
    } catch (error) {
      throw new LanceDbMemoryOpenError(options.uri, options.table, error, secrets);
    }
    try {
      const layout = await readLayout(table, options);
      const opened = new LanceDbMemoryTable(connection, table, options, layout);
      await opened.#countVectors();
      return opened;
    } catch (error) {
      table.close();
      connection.close();
      if (error instanceof LanceDbMemoryTableError) throw error;
      throw new LanceDbMemoryOpenError(options.uri, options.table, error, secrets);
    }
  }

  /** The length of the vectors, once known (the setting, the table's column, or the first vector stored). */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  get hasVectorColumn(): boolean {
    return this.#hasVectorColumn;
  }

  get vectorIndexed(): boolean {
    return this.#vectorIndexed;
  }

  /** Refuses `length` when the table's vectors have another; adds the vector column on the first vector. */
  async acceptVectorLength(length: number, what: string): Promise<void> {
    if (this.#dimensions !== undefined && this.#dimensions !== length)
      throw new MemoryItemError(
        `${what} has ${length} dimensions and the memories of table '${this.#options.table}' have ${this.#dimensions}: embed them all with one model (or give another Svc:Memory:LanceDb:Table).`,
      );
    if (this.#hasVectorColumn) return;
    await this.table.addColumns([{ name: vectorColumn, valueSql: vectorColumnSql(length) }]);
    this.#dimensions = length;
    this.#hasVectorColumn = true;
  }

  /**
   * After a write of `rows` (`vectors` of them with an embedding): builds the approximate
   * index once the table holds `IndexThreshold` vectors, and brings the indexes up to date
   * (LanceDB's optimize: new rows into the indexes, small files compacted) every
   * `IndexThreshold` rows. Upkeep that fails is logged and tried again later; the write stands.
   */
  async afterWrite(rows: number, vectors: number): Promise<void> {
    const threshold = this.#options.indexThreshold;
    if (threshold === 0) return;
    this.#rowsSinceOptimize += rows;
    this.#vectorEstimate += vectors;
    try {
      if (!this.#vectorIndexed && this.#vectorEstimate >= threshold) {
        await this.#countVectors();
        if (this.#vectorEstimate >= threshold) await this.buildVectorIndex();
      }
      // LanceDB Cloud keeps its indexes up to date by itself.
      if (!this.remote && this.#rowsSinceOptimize >= threshold) {
        this.#rowsSinceOptimize = 0;
        await this.table.optimize();
      }
    } catch (error) {
      this.#vectorEstimate = 0;
      this.#rowsSinceOptimize = 0;
      const { reason } = scrubbedFailure(error, this.#options.apiKey === undefined ? [] : [this.#options.apiKey]);
      this.#options.logger?.warn(
        { table: this.#options.table, reason },
        'LanceDB memory: keeping the indexes up to date failed; the memories are stored, searches stay exact, and it is tried again later',
      );
    }
  }

  /** Builds (or rebuilds) the approximate vector index, IVF_HNSW_SQ with the cosine metric; the vector count. */
  async buildVectorIndex(): Promise<number> {
    const vectors = this.#hasVectorColumn ? await this.table.countRows(`${vectorColumn} IS NOT NULL`) : 0;
    if (vectors === 0) throw new Error('the table holds no vectors yet');
    await this.table.createIndex(vectorColumn, {
      config: Index.hnswSq({ distanceType: 'cosine', numPartitions: Math.ceil(vectors / vectorsPerPartition) }),
      replace: true,
    });
    this.#vectorIndexed = true;
    this.#vectorEstimate = vectors;
    this.#options.logger?.info(
      { table: this.#options.table, vectors },
      'LanceDB memory: built the approximate vector index (IVF_HNSW_SQ, cosine)',
    );
    return vectors;
  }

  /** After `clear()`: nothing left to count. */
  cleared(): void {
    this.#vectorEstimate = 0;
  }

  close(): void {
    this.table.close();
    this.#connection.close();
  }

  async #countVectors(): Promise<void> {
    if (this.#options.indexThreshold === 0 || this.#vectorIndexed || !this.#hasVectorColumn) return;
    this.#vectorEstimate = await this.table.countRows(`${vectorColumn} IS NOT NULL`);
  }
}

interface TableLayout {
  readonly dimensions: number | undefined;
  readonly hasVectorColumn: boolean;
  readonly vectorIndexed: boolean;
}

function connectionOptions(options: MemoryTableOptions): Partial<ConnectionOptions> {
  if (!options.uri.startsWith('db://')) return {};
  return {
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.region === undefined ? {} : { region: options.region }),
    ...(options.hostOverride === undefined ? {} : { hostOverride: options.hostOverride }),
  };
}

/** The table, made when it does not open (the error kept is the making's: it says why neither worked). */
async function openOrCreate(connection: Connection, options: MemoryTableOptions): Promise<Table> {
  try {
    return await connection.openTable(options.table);
  } catch {
    return await connection.createEmptyTable(options.table, memoryTableSchema(options.dimensions), {
      mode: 'create',
      existOk: false,
    });
  }
}

/** Checks that the table is one of ours, reads its vector length, and adds the full-text index when missing. */
async function readLayout(table: Table, options: MemoryTableOptions): Promise<TableLayout> {
  const schema = await table.schema();
  const names = new Set(schema.fields.map((field) => field.name));
  const missing = memoryColumns.filter((column) => !names.has(column));
  if (missing.length > 0)
    throw new LanceDbMemoryTableError(
      options.table,
      `exists but has no column ${missing.join(', ')}, so it was not made by the memory store`,
      'give another Svc:Memory:LanceDb:Table',
    );
  const vector = schema.fields.find((field) => field.name === vectorColumn);
  let dimensions = options.dimensions;
  if (vector !== undefined) {
    if (!DataType.isFixedSizeList(vector.type))
      throw new LanceDbMemoryTableError(
        options.table,
        'has a vector column that is not a fixed-size list',
        'give another Svc:Memory:LanceDb:Table',
      );
    const length = (vector.type as FixedSizeList).listSize;
    if (dimensions !== undefined && dimensions !== length)
      throw new LanceDbMemoryTableError(
        options.table,
        `holds vectors of ${length} dimensions, and Svc:Memory:LanceDb:Dimensions is ${dimensions}`,
        `set Dimensions to ${length}, or give another Table for the new embedding model`,
      );
    dimensions = length;
  }
  const indices = await table.listIndices();
  const indexed = (column: string) => indices.some((index) => index.columns.includes(column));
  if (!indexed('content'))
    await table.createIndex('content', {
      // Words as the other stores compare them: lower case, no stemming, no stop words, accents kept.
      config: Index.fts({
        lowercase: true,
        stem: false,
        removeStopWords: false,
        asciiFolding: false,
        withPosition: false,
      }),
    });
  return { dimensions, hasVectorColumn: vector !== undefined, vectorIndexed: indexed(vectorColumn) };
}
