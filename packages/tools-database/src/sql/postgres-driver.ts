import type { Client, ClientConfig, FieldDef, QueryConfig } from 'pg';
import { RowCollector, type StatementOutcome } from '../results/statement-outcome.js';
import { cancelledMessage, type SqlDriver, type SqlRun, StatementStoppedError, timeoutMessage } from './sql-driver.js';

type Pg = typeof import('pg').default;

/** PostgreSQL's SQLSTATE for a statement cancelled by a timeout or a cancel request. */
const queryCanceled = '57014';
const dataChangingCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/**
 * One statement on PostgreSQL, on a connection of its own (no session state carries
 * over between calls). Read-only runs start with `SET SESSION CHARACTERISTICS AS
 * TRANSACTION READ ONLY; BEGIN READ ONLY`, so the server refuses every write, also
 * one hidden in a CTE, a `FOR UPDATE` or a function; the connection closes without
 * a commit. The statement goes through the extended protocol, so parameters are
 * bound and a second statement in the text is refused. `statement_timeout` is set
 * for the connection; a cancel request stops the statement when the call is
 * cancelled or enough rows were counted.
 */
export const runPostgres: SqlDriver = async (run) => {
  const { default: pg } = await import('pg');
  const config: ClientConfig = {
    connectionString: run.connection.connectionString,
    statement_timeout: run.timeoutMilliseconds,
    connectionTimeoutMillis: Math.min(run.timeoutMilliseconds, 15_000),
    application_name: 'orkeon-database-tools',
  };
  const client = new pg.Client(config);
  // A connection lost after the call must not become an unhandled 'error' event.
  client.on('error', () => undefined);
  const closeOnAbort = () => void client.end().catch(() => undefined);
  run.signal.addEventListener('abort', closeOnAbort, { once: true });
  try {
    await client.connect();
    if (run.signal.aborted) throw new StatementStoppedError(cancelledMessage);
    run.signal.removeEventListener('abort', closeOnAbort);
    if (run.readOnly) await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; BEGIN READ ONLY');
    return await streamStatement(pg, client, config, run);
  } finally {
    run.signal.removeEventListener('abort', closeOnAbort);
    await client.end().catch(() => undefined);
  }
};

function streamStatement(pg: Pg, client: Client, config: ClientConfig, run: SqlRun): Promise<StatementOutcome> {
  return new Promise((resolve, reject) => {
    const collector = new RowCollector(run.maxRows);
    let fields: readonly FieldDef[] = [];
    let stoppedForCount = false;
    let cancelled = false;
    const processId = (client as unknown as { processID: number | null }).processID;
    const cancel = () => void cancelBackend(pg, config, processId);
    const onAbort = () => {
      cancelled = true;
      cancel();
    };
    const settle = () => run.signal.removeEventListener('abort', onAbort);
    const queryConfig = {
      text: run.statement,
      values: [...run.parameters],
      rowMode: 'array',
      queryMode: 'extended',
    } as QueryConfig;
    const query = new pg.Query(queryConfig);
    query.on('row', (row: unknown[], result) => {
      if (fields.length === 0) fields = (result as { fields?: FieldDef[] } | undefined)?.fields ?? [];
      if (!collector.add(row) && !stoppedForCount) {
        stoppedForCount = true;
        cancel();
      }
    });
    query.on('end', (result) => {
      settle();
      const ended = result as unknown as { command: string | null; rowCount: number | null; fields: FieldDef[] };
      const columns = (ended.fields.length > 0 ? ended.fields : fields).map((field) => field.name);
      const command = ended.command ?? undefined;
      const changed =
        command !== undefined && dataChangingCommands.has(command) ? (ended.rowCount ?? undefined) : undefined;
      resolve({
        ...(columns.length > 0 ? { rowSet: collector.rowSet(columns, !stoppedForCount) } : {}),
        ...(changed === undefined ? {} : { affectedRows: changed }),
        ...(command === undefined ? {} : { command }),
      });
    });
    query.on('error', (error: Error) => {
      settle();
      const code = (error as { code?: unknown }).code;
      if (stoppedForCount && code === queryCanceled)
        resolve({
          rowSet: collector.rowSet(
            fields.map((field) => field.name),
            false,
          ),
        });
      else if (cancelled) reject(new StatementStoppedError(cancelledMessage));
      else if (code === queryCanceled && /statement timeout/i.test(error.message))
        reject(new StatementStoppedError(timeoutMessage(run)));
      else reject(error);
    });
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });
    client.query(query);
  });
}

/** Asks the server, on a second connection, to cancel the statement the first one runs. */
async function cancelBackend(pg: Pg, config: ClientConfig, processId: number | null): Promise<void> {
  if (processId === null) return;
  const canceller = new pg.Client({ ...config, statement_timeout: 5_000 });
  canceller.on('error', () => undefined);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [processId]);
  } catch {
    // The statement's own time limit still stops it.
  } finally {
    await canceller.end().catch(() => undefined);
  }
}
