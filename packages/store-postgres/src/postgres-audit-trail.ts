import type { AuditKind, AuditOutcome, AuditQuery, AuditRecord, AuditTrail, StoredAuditRecord } from '@orkeon/core';
import { assertPruneDate, auditQueryLimit, auditRecordFields } from '@orkeon/core/stores';
import type pg from 'pg';
import { preparePostgresAuditTable } from './postgres-audit-schema.js';
import { inTransaction, openPostgresConnection, type PostgresConnectionOptions } from './postgres-connection.js';
import {
  PostgresAuditTrailClosedError,
  PostgresStateStoreSetupError,
  PostgresStoreSchemaTooNewError,
} from './postgres-store-errors.js';

/** Where the trail connects: the connection string or pool, and the schema, of the other PostgreSQL stores. */
export type PostgresAuditTrailOptions = PostgresConnectionOptions;

interface AuditRow {
  /** A bigint, which pg hands over as text. */
  readonly sequence: string;
  readonly at: Date;
  readonly kind: AuditKind;
  readonly outcome: AuditOutcome;
  readonly tool: string | null;
  readonly agent: string | null;
  readonly crew: string | null;
  readonly task: string | null;
  readonly run: string | null;
  readonly caller: string | null;
  readonly duration_ms: number | null;
  readonly detail: string | null;
}

const insertedColumns = 'at, kind, outcome, tool, agent, crew, task, run, caller, duration_ms, detail';
const columnsPerRow = 11;
/** Rows per INSERT: a statement takes at most 65,535 parameters. */
const rowsPerInsert = 5000;

/**
 * An audit trail in PostgreSQL (pg), table `audit_records` of the configured schema
 * (the one the `PostgresStateStore` uses, default `orkeon`), created on first use. Each
 * `append` is one transaction of multi-row INSERTs, so a batch is stored whole or not
 * at all, its rows in order.
 */
export class PostgresAuditTrail implements AuditTrail, AsyncDisposable {
  readonly schema: string;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #table: string;
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: PostgresAuditTrailOptions) {
    const connection = openPostgresConnection(options);
    this.schema = connection.schema;
    this.#pool = connection.pool;
    this.#ownsPool = connection.ownsPool;
    this.#table = `"${this.schema}".audit_records`;
  }

  async append(records: readonly AuditRecord[]): Promise<void> {
    // Every record is checked before the first is written: a bad one stores nothing of the batch.
    const rows = records.map((record) => rowValues(auditRecordFields(record)));
    await this.#prepared();
    if (rows.length === 0) return;
    await inTransaction(this.#pool, async (client) => {
      for (let start = 0; start < rows.length; start += rowsPerInsert) {
        const chunk = rows.slice(start, start + rowsPerInsert);
        const placeholders = chunk.map(
          (_, row) =>
            `(${Array.from({ length: columnsPerRow }, (_, column) => `$${row * columnsPerRow + column + 1}`).join(', ')})`,
        );
        await client.query(
          `INSERT INTO ${this.#table} (${insertedColumns}) VALUES ${placeholders.join(', ')}`,
          chunk.flat(),
        );
      }
    });
  }

  async query(query: AuditQuery = {}): Promise<StoredAuditRecord[]> {
    const limit = auditQueryLimit(query);
    await this.#prepared();
    const values: unknown[] = [];
    const conditions: string[] = [];
    const where = (condition: (parameter: string) => string, value: unknown) => {
      values.push(value);
      conditions.push(condition(`$${values.length}`));
    };
    if (query.since !== undefined) where((parameter) => `at >= ${parameter}`, query.since.toISOString());
    if (query.outcome !== undefined) where((parameter) => `outcome = ${parameter}`, query.outcome);
    if (query.kind !== undefined) where((parameter) => `kind = ${parameter}`, query.kind);
    values.push(limit);
    const result = await this.#pool.query<AuditRow>(
      `SELECT sequence, ${insertedColumns} FROM ${this.#table}
       ${conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`}
       ORDER BY sequence DESC LIMIT $${values.length}`,
      values,
    );
    return result.rows.map(recordFromRow);
  }

  async prune(before: Date): Promise<number> {
    assertPruneDate(before);
    await this.#prepared();
    const result = await this.#pool.query(`DELETE FROM ${this.#table} WHERE at < $1`, [before.toISOString()]);
    return result.rowCount ?? 0;
  }

  /** Ends the pool the trail created (a pool given in the options stays open); the trail cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #prepared(): Promise<void> {
    if (this.#closed) return Promise.reject(new PostgresAuditTrailClosedError(this.schema));
    this.#ready ??= preparePostgresAuditTable(this.#pool, this.schema).catch((error: unknown) => {
      this.#ready = undefined;
      if (PostgresStoreSchemaTooNewError.isInstance(error)) throw error;
      throw new PostgresStateStoreSetupError(this.schema, error);
    });
    return this.#ready;
  }
}

/** The INSERT parameters of a checked record (see `auditRecordFields`), in `insertedColumns` order. */
function rowValues(record: AuditRecord): unknown[] {
  return [
    record.at,
    record.kind,
    record.outcome,
    record.tool ?? null,
    record.agent ?? null,
    record.crew ?? null,
    record.task ?? null,
    record.run ?? null,
    record.caller ?? null,
    record.durationMilliseconds ?? null,
    record.detail ?? null,
  ];
}

/** The record of a row, its NULL columns left out as the record had them. */
function recordFromRow(row: AuditRow): StoredAuditRecord {
  return {
    sequence: Number(row.sequence),
    at: row.at.toISOString(),
    kind: row.kind,
    outcome: row.outcome,
    ...(row.tool === null ? {} : { tool: row.tool }),
    ...(row.agent === null ? {} : { agent: row.agent }),
    ...(row.crew === null ? {} : { crew: row.crew }),
    ...(row.task === null ? {} : { task: row.task }),
    ...(row.run === null ? {} : { run: row.run }),
    ...(row.caller === null ? {} : { caller: row.caller }),
    ...(row.duration_ms === null ? {} : { durationMilliseconds: row.duration_ms }),
    ...(row.detail === null ? {} : { detail: row.detail }),
  };
}
