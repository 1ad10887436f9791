import { type FileSystem, OrkeonError, type ToolResult } from '@orkeon/core';
import type { DatabaseConnection } from '../connections/database-connection.js';
import type { ToolsDatabaseErrorCode } from '../errors/error-codes.js';
import type { StatementOutcome } from '../results/statement-outcome.js';

/** A value bound to a placeholder; never spliced into the statement's text. */
export type SqlParameter = string | number | boolean | null;

/** One statement to run on one connection, with its limits. */
export interface SqlRun {
  readonly connection: DatabaseConnection;
  readonly statement: string;
  readonly parameters: readonly SqlParameter[];
  /** Run inside a read-only transaction (the connection's setting, or always for catalogue reads). */
  readonly readOnly: boolean;
  readonly maxRows: number;
  readonly timeoutMilliseconds: number;
  /** Fires when the caller gives up: the driver stops the statement on the server too. */
  readonly signal: AbortSignal;
  /** The agent's file system, for SQLite files. */
  readonly vfs: FileSystem;
}

/**
 * Runs one statement. Refusals by the boundary (a path outside the mounts) come
 * back as a `ToolResult`; database errors are thrown with the database's message
 * and are turned into failures by the tool.
 */
export type SqlDriver = (run: SqlRun) => Promise<StatementOutcome | ToolResult>;

/** The message of a statement that ran out of time. */
export function timeoutMessage(run: SqlRun): string {
  return timeoutMessageFor(run.connection.name, Math.round(run.timeoutMilliseconds / 1000));
}

export function timeoutMessageFor(connection: string, seconds: number): string {
  return `The statement ran longer than ${seconds} s and was stopped: narrow it (a filter, a limit, an index), or raise Svc:Tools:Database:Connections:${connection}:TimeoutSeconds.`;
}

export const cancelledMessage = 'The statement was cancelled before it finished, and stopped on the database.';

/** A statement stopped for its time limit or its call's cancellation; the tool shows its message as it is. */
export class StatementStoppedError extends OrkeonError<ToolsDatabaseErrorCode> {
  constructor(message: string) {
    super('DATABASE_STATEMENT_STOPPED', message);
  }
}
