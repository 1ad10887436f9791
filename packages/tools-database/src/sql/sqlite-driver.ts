import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { isDenial, toolDenied, toolFailure } from '@orkeon/core';
import { rowCountLimit, type StatementOutcome } from '../results/statement-outcome.js';
import { cancelledMessage, type SqlDriver, type SqlRun, StatementStoppedError, timeoutMessage } from './sql-driver.js';
import { type SqliteChildAnswer, type SqliteChildRequest, sqliteChildProgram } from './sqlite-child-program.js';

/** How long a statement waits for another process's lock before SQLite answers "busy". */
const busyMilliseconds = 2_000;

// `__name` keeps function names when a bundler adds it; the child has no bundler, so it is a no-op there.
const childSource = `const __name = (target) => target;\n(${sqliteChildProgram.toString()})();`;

/**
 * One statement on a SQLite file named by its virtual path: resolved through the
 * agent's mounts (`Read` for a read-only connection, `Write` otherwise), opened
 * read-only with `query_only` unless writes are allowed, and run in a child process
 * that is killed at the time limit or on cancel.
 */
export const runSqlite: SqlDriver = async (run) => {
  const path = run.connection.settings.Path;
  const resolved = await run.vfs.resolve(path, run.readOnly ? 'Read' : 'Write');
  if (!resolved.ok) {
    const message = `Connection '${run.connection.name}' cannot open ${path}: ${resolved.message}`;
    return isDenial(resolved.code) ? toolDenied(message) : toolFailure(message);
  }
  const entry = await run.vfs.stat(path);
  if (!resolved.value.exists || !entry.ok || entry.value.kind !== 'file')
    return toolFailure(
      `The SQLite database ${path} of connection '${run.connection.name}' does not exist or is not a file: create it, or fix Svc:Tools:Database:Connections:${run.connection.name}:Path.`,
    );
  const request: SqliteChildRequest = {
    modulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
    file: resolved.value.physicalPath,
    readOnly: run.readOnly,
    statement: run.statement,
    parameters: run.parameters,
    maxRows: run.maxRows,
    countLimit: Math.max(rowCountLimit, run.maxRows + 1),
    busyMilliseconds,
  };
  const answer = await runChild(request, run);
  if (!answer.ok) {
    if (answer.refused === true) return toolDenied(answer.message);
    throw Object.assign(new Error(answer.message), answer.code === undefined ? {} : { code: answer.code });
  }
  return outcomeOf(answer);
};

function outcomeOf(answer: Extract<SqliteChildAnswer, { ok: true }>): StatementOutcome {
  if (answer.columns === undefined) return { affectedRows: answer.changes ?? 0 };
  return {
    rowSet: {
      columns: answer.columns,
      rows: answer.rows ?? [],
      totalRows: answer.seen ?? 0,
      totalExact: answer.complete ?? true,
    },
  };
}

function runChild(request: SqliteChildRequest, run: SqlRun): Promise<SqliteChildAnswer> {
  return new Promise((resolve, reject) => {
    // No inherited environment: NODE_OPTIONS and the like must not load code into the child.
    const child = spawn(process.execPath, ['-e', childSource], { stdio: ['pipe', 'pipe', 'pipe'], env: {} });
    const output: Buffer[] = [];
    const errors: Buffer[] = [];
    let stopped: 'timeout' | 'cancelled' | undefined;
    const stop = (why: 'timeout' | 'cancelled') => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), run.timeoutMilliseconds);
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.once('error', (error) => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      if (stopped === 'timeout') return reject(new StatementStoppedError(timeoutMessage(run)));
      if (stopped === 'cancelled') return reject(new StatementStoppedError(cancelledMessage));
      try {
        resolve(JSON.parse(Buffer.concat(output).toString('utf8'), reviveBytes) as SqliteChildAnswer);
      } catch {
        const detail = Buffer.concat(errors).toString('utf8').trim().split('\n').at(-1) ?? '';
        reject(new Error(`The SQLite process ended without an answer (exit code ${exitCode}). ${detail}`.trim()));
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(request));
  });
}

function reviveBytes(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { $bytes?: unknown }).$bytes === 'string')
    return Buffer.from((value as { $bytes: string }).$bytes, 'base64');
  return value;
}
