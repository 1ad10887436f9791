import { OrkeonError } from '@orkeon/core';
import type { LanceDbMemoryErrorCode } from './errors/error-codes.js';

/** Text and cause of a failure with every secret replaced, so that no API key reaches a message or a log. */
export function scrubbedFailure(cause: unknown, secrets: readonly string[]): { reason: string; cause: unknown } {
  const scrub = (text: string) => secrets.reduce((result, secret) => result.split(secret).join('[REDACTED]'), text);
  const reason = cause instanceof Error ? cause.message : String(cause);
  const clean = scrub(reason);
  if (clean === reason) return { reason, cause };
  // The client's own error mentioned the key: keep only a copy that does not.
  return { reason: clean, cause: new Error(clean) };
}

/** `Svc:Memory:LanceDb` holds settings that cannot work together; the start is refused. */
export class LanceDbMemorySettingsError extends OrkeonError<LanceDbMemoryErrorCode> {
  constructor(key: string, problem: string, fix: string) {
    super('LANCEDB_MEMORY_SETTINGS_INVALID', `Svc:Memory:LanceDb:${key} ${problem}: ${fix}.`, { details: { key } });
  }
}

/** The folder or the LanceDB Cloud database could not be opened. */
export class LanceDbMemoryOpenError extends OrkeonError<LanceDbMemoryErrorCode> {
  constructor(uri: string, table: string, cause: unknown, secrets: readonly string[]) {
    const failure = scrubbedFailure(cause, secrets);
    super(
      'LANCEDB_MEMORY_OPEN_FAILED',
      `The LanceDB memory store cannot open table '${table}' at '${uri}': ${failure.reason}. Check Svc:Memory:LanceDb:Uri (a writable folder, or db://name with its ApiKey and Region).`,
      { cause: failure.cause, details: { uri, table } },
    );
  }
}

/** The table exists with columns this store did not make, or vectors of another length. */
export class LanceDbMemoryTableError extends OrkeonError<LanceDbMemoryErrorCode> {
  constructor(table: string, problem: string, fix: string) {
    super('LANCEDB_MEMORY_TABLE_INCOMPATIBLE', `The LanceDB table '${table}' ${problem}: ${fix}.`, {
      details: { table },
    });
  }
}

/** LanceDB failed a read or a write; a failed write kept nothing. */
export class LanceDbMemoryOperationError extends OrkeonError<LanceDbMemoryErrorCode> {
  constructor(operation: string, table: string, cause: unknown, secrets: readonly string[]) {
    const failure = scrubbedFailure(cause, secrets);
    super(
      'LANCEDB_MEMORY_OPERATION_FAILED',
      `The LanceDB memory store could not ${operation} in table '${table}': ${failure.reason}.`,
      { cause: failure.cause, details: { operation, table } },
    );
  }
}

/** The store was used after `close()`. */
export class LanceDbMemoryClosedError extends OrkeonError<LanceDbMemoryErrorCode> {
  constructor(uri: string) {
    super('LANCEDB_MEMORY_CLOSED', `The LanceDB memory store at '${uri}' was closed: open a new one.`, {
      details: { uri },
    });
  }
}
