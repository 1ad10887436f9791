import type { FileSystem } from '@orkeon/core';
import type { DatabaseConnection } from '../connections/database-connection.js';
import { connectionKey } from '../connections/database-connection.js';
import { scrubSecrets } from '../connections/secret-scrubber.js';
import { DatabaseToolError } from '../errors/database-tool-error.js';
import { kindTitles } from '../settings/connection-kinds.js';
import { StatementStoppedError } from '../sql/sql-driver.js';

/** Codes by which PostgreSQL, MySQL/MariaDB and SQLite say "this transaction or file is read-only". */
const readOnlyCodes = new Set(['25006', 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION', 'SQLITE_READONLY']);

/**
 * A database's refusal as the agent reads it: which connection, the database's own
 * message and code, and for a write refused on a read-only connection, why and
 * who can change it. Connection strings and their passwords are scrubbed, and
 * physical folders hidden.
 */
export function describeFailure(error: unknown, connection: DatabaseConnection, vfs: FileSystem): string {
  const text = (() => {
    if (StatementStoppedError.isInstance(error) || DatabaseToolError.isInstance(error)) return error.message;
    const failure = error as { message?: unknown; code?: unknown; errno?: unknown };
    const message = typeof failure.message === 'string' ? failure.message : String(error);
    const code = typeof failure.code === 'string' ? failure.code : undefined;
    const shownCode = code === undefined || message.includes(code) ? '' : ` [${code}]`;
    const readOnly =
      !connection.settings.AllowWrites &&
      (readOnlyCodes.has(code ?? '') || failure.errno === 1792 || /read[- ]only|idempotent/i.test(message))
        ? ` The connection '${connection.name}' is read-only and the database itself refused the write; an operator can allow writes with ${connectionKey(connection.name, 'AllowWrites')}.`
        : '';
    return `${kindTitles[connection.kind]} did not run the statement on connection '${connection.name}': ${message.trim()}${shownCode}.${readOnly}`;
  })();
  return vfs.redact(scrubSecrets(text, connection.secrets));
}
