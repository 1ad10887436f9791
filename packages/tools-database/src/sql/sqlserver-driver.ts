import type * as Mssql from 'mssql';
import { loadOptionalPackage, type PackageImporter } from '../connections/optional-package.js';
import { RowCollector, type StatementOutcome } from '../results/statement-outcome.js';
import { cancelledMessage, type SqlDriver, type SqlRun, StatementStoppedError, timeoutMessage } from './sql-driver.js';

type MssqlModule = typeof Mssql;

/**
 * One statement on SQL Server through the optional `mssql` package, on a pool of
 * one connection that is closed after the call. SQL Server has no read-only
 * transaction, so a read-only run does what it can: it asks for read-only intent
 * (`ApplicationIntent=ReadOnly`: a readable secondary of an availability group
 * refuses every write), runs the statement inside a transaction that is always
 * rolled back, and fails the call when the statement ended that transaction
 * itself (its writes may then have been kept). Only a login that may only read
 * (db_datareader) makes a primary refuse writes; the docs say so. Parameters are
 * bound as `@p1`, `@p2`, …; `requestTimeout` and `Request.cancel()` stop the statement.
 */
export function sqlServerDriver(importer?: PackageImporter): SqlDriver {
  return async (run) => {
    const mssql = await loadSqlServerPackage(importer);
    const parsed = mssql.ConnectionPool.parseConnectionString(run.connection.connectionString);
    const config: Mssql.config = {
      ...parsed,
      requestTimeout: run.timeoutMilliseconds,
      connectionTimeout: Math.min(run.timeoutMilliseconds, 15_000),
      arrayRowMode: true,
      pool: { ...parsed.pool, min: 0, max: 1 },
      options: { ...parsed.options, readOnlyIntent: run.readOnly },
    };
    const pool = new mssql.ConnectionPool(config);
    try {
      await pool.connect();
      if (!run.readOnly) return await streamStatement(new mssql.Request(pool), run);
      const transaction = new mssql.Transaction(pool);
      await transaction.begin(mssql.ISOLATION_LEVEL.READ_COMMITTED);
      try {
        const outcome = await streamStatement(new mssql.Request(transaction), run);
        const open = await new mssql.Request(transaction).query('SELECT @@TRANCOUNT AS open_transactions');
        const still = Number((open.recordset?.[0] as unknown[] | undefined)?.[0] ?? 0);
        if (still < 1)
          throw new Error(
            'The statement ended the read-only transaction (COMMIT or ROLLBACK inside it), so its changes may have been kept: statements on a read-only connection must not end the transaction.',
          );
        return outcome;
      } finally {
        await transaction.rollback().catch(() => undefined);
      }
    } finally {
      await pool.close().catch(() => undefined);
    }
  };
}

/** `mssql`, or `DATABASE_PACKAGE_MISSING` naming it. */
export function loadSqlServerPackage(importer?: PackageImporter): Promise<MssqlModule> {
  return loadOptionalPackage<{ default?: MssqlModule } & MssqlModule>('mssql', 'sqlserver', importer).then(
    (module) => module.default ?? module,
  );
}

function streamStatement(request: Mssql.Request, run: SqlRun): Promise<StatementOutcome> {
  return new Promise((resolve, reject) => {
    const collector = new RowCollector(run.maxRows);
    let columns: string[] | undefined;
    let affected: number | undefined;
    let stoppedForCount = false;
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      request.cancel();
    };
    const settle = () => run.signal.removeEventListener('abort', onAbort);
    request.stream = true;
    request.arrayRowMode = true;
    run.parameters.forEach((value, index) => {
      request.input(`p${index + 1}`, value);
    });
    request.on('recordset', (recordColumns: unknown) => {
      // The first result set is the answer; later ones in a batch are counted by the database only.
      columns ??= Array.isArray(recordColumns)
        ? recordColumns.map((column: { name?: unknown }) => String(column.name ?? ''))
        : Object.keys(recordColumns as object);
    });
    request.on('row', (row: unknown[]) => {
      if (!collector.add(row) && !stoppedForCount) {
        stoppedForCount = true;
        request.cancel();
      }
    });
    request.on('rowsaffected', (count: number) => {
      affected = (affected ?? 0) + count;
    });
    request.on('error', (error: Error & { code?: string }) => {
      settle();
      if (stoppedForCount && error.code === 'ECANCEL') resolve({ rowSet: collector.rowSet(columns ?? [], false) });
      else if (cancelled) reject(new StatementStoppedError(cancelledMessage));
      else if (error.code === 'ETIMEOUT') reject(new StatementStoppedError(timeoutMessage(run)));
      else reject(error);
    });
    request.on('done', () => {
      settle();
      resolve({
        ...(columns === undefined ? {} : { rowSet: collector.rowSet(columns, !stoppedForCount) }),
        ...(affected === undefined ? {} : { affectedRows: affected }),
      });
    });
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });
    // Streamed requests report through events; the returned promise (when there is one) only repeats them.
    const pending: unknown = request.query(run.statement);
    if (pending instanceof Promise) pending.catch(() => undefined);
  });
}
