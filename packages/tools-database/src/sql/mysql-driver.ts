import type { Connection, ConnectionOptions, FieldPacket } from 'mysql2';
import { RowCollector, type StatementOutcome } from '../results/statement-outcome.js';
import { cancelledMessage, type SqlDriver, type SqlRun, StatementStoppedError, timeoutMessage } from './sql-driver.js';

type MySql = typeof import('mysql2');

/** Server error numbers: a statement stopped by its time limit (MariaDB, MySQL) or by KILL QUERY. */
const statementTimeoutErrors = new Set([1969, 3024]);
const queryInterrupted = 1317;

/**
 * One statement on MySQL or MariaDB, on a connection of its own. Read-only runs set
 * `SET SESSION TRANSACTION READ ONLY` and then `START TRANSACTION READ ONLY`, so the
 * server refuses writes, also DDL (which would otherwise end a transaction by an
 * implicit commit); the connection closes without a commit. The statement is a
 * server-side prepared statement (`execute`): parameters are bound, and a second
 * statement in the text is refused. The time limit is `max_statement_time`
 * (MariaDB, seconds) or `max_execution_time` (MySQL, milliseconds, SELECT only),
 * and `KILL QUERY` from a second connection stops the statement when the call is
 * cancelled, the time is up, or enough rows were counted.
 */
export function mysqlDriver(flavour: 'mysql' | 'mariadb'): SqlDriver {
  return async (run) => {
    const mysql = await import('mysql2');
    const options = connectionOptions(run);
    const connection = mysql.createConnection(options);
    connection.on('error', () => undefined);
    const closeOnAbort = () => connection.destroy();
    run.signal.addEventListener('abort', closeOnAbort, { once: true });
    try {
      await connection.promise().connect();
      if (run.signal.aborted) throw new StatementStoppedError(cancelledMessage);
      run.signal.removeEventListener('abort', closeOnAbort);
      const session = connection.promise();
      if (flavour === 'mariadb')
        await session.query(`SET SESSION max_statement_time = ${Math.ceil(run.timeoutMilliseconds / 1000)}`);
      else await session.query(`SET SESSION max_execution_time = ${Math.ceil(run.timeoutMilliseconds)}`);
      if (run.readOnly) {
        await session.query('SET SESSION TRANSACTION READ ONLY');
        await session.query('START TRANSACTION READ ONLY');
      }
      return await streamStatement(mysql, connection, options, run);
    } finally {
      run.signal.removeEventListener('abort', closeOnAbort);
      connection.destroy();
    }
  };
}

/**
 * The connection string read here rather than by the driver, so options in its
 * query string cannot turn on several statements per call or local file reads.
 */
function connectionOptions(run: SqlRun): ConnectionOptions {
  const url = new URL(run.connection.connectionString);
  const extra: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) {
    try {
      extra[key] = JSON.parse(value);
    } catch {
      extra[key] = value;
    }
  }
  return {
    ...extra,
    host: decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1')),
    ...(url.port === '' ? {} : { port: Number(url.port) }),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    ...(url.pathname.length > 1 ? { database: decodeURIComponent(url.pathname.slice(1)) } : {}),
    multipleStatements: false,
    flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
    connectTimeout: Math.min(run.timeoutMilliseconds, 15_000),
    supportBigNumbers: true,
    bigNumberStrings: true,
    rowsAsArray: true,
  };
}

function streamStatement(
  mysql: MySql,
  connection: Connection,
  options: ConnectionOptions,
  run: SqlRun,
): Promise<StatementOutcome> {
  return new Promise((resolve, reject) => {
    const collector = new RowCollector(run.maxRows);
    let columns: string[] | undefined;
    let header: { affectedRows?: number } | undefined;
    let stoppedForCount = false;
    let cancelled = false;
    let timedOut = false;
    let settled = false;
    const kill = () => void killQuery(mysql, options, connection.threadId);
    const onAbort = () => {
      cancelled = true;
      kill();
    };
    // max_execution_time covers only SELECT on MySQL: the same limit for every other statement.
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, run.timeoutMilliseconds + 1_000);
    const finish = (outcome: StatementOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const command = connection.execute({ sql: run.statement, values: [...run.parameters], rowsAsArray: true });
    // Statements without rows announce `undefined` fields before their result header.
    command.on('fields', (fields: FieldPacket[] | undefined) => {
      if (Array.isArray(fields)) columns ??= fields.map((field) => field.name);
    });
    command.on('result', (row: unknown) => {
      if (columns === undefined) {
        header = row as { affectedRows?: number };
        return;
      }
      if (!collector.add(row as unknown[]) && !stoppedForCount) {
        stoppedForCount = true;
        kill();
      }
    });
    command.on('error', (error: Error) => {
      const number = (error as { errno?: unknown }).errno;
      if (stoppedForCount && number === queryInterrupted) finish({ rowSet: collector.rowSet(columns ?? [], false) });
      else if (cancelled) finish(new StatementStoppedError(cancelledMessage));
      else if (timedOut || (typeof number === 'number' && statementTimeoutErrors.has(number)))
        finish(new StatementStoppedError(timeoutMessage(run)));
      else finish(error);
    });
    command.on('end', () => {
      if (columns !== undefined) finish({ rowSet: collector.rowSet(columns, !stoppedForCount) });
      else finish(header?.affectedRows === undefined ? {} : { affectedRows: header.affectedRows });
    });
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Stops the statement a connection runs, from a second connection. */
async function killQuery(mysql: MySql, options: ConnectionOptions, threadId: number): Promise<void> {
  const killer = mysql.createConnection({ ...options, connectTimeout: 5_000 });
  killer.on('error', () => undefined);
  try {
    await killer.promise().query(`KILL QUERY ${Number(threadId)}`);
  } catch {
    // The connection is destroyed after the call either way.
  } finally {
    killer.destroy();
  }
}
