import { DatabaseToolError } from '../errors/database-tool-error.js';
import type { ConnectionKind } from '../settings/connection-kinds.js';
import type { DatabaseConnectionSettings, DatabaseSettings } from '../settings/database-settings.js';
import { secretsOfConnectionString } from './secret-scrubber.js';

/** A named connection ready for a tool: its settings and its connection string, read once when tools are built. */
export interface DatabaseConnection {
  readonly name: string;
  readonly kind: ConnectionKind;
  readonly settings: DatabaseConnectionSettings;
  /** Never shown to agents nor logged; empty for sqlite. */
  readonly connectionString: string;
  /** The connection string and the password inside it, scrubbed from every message. */
  readonly secrets: readonly string[];
}

/** The settings' key of a connection, for messages. */
export function connectionKey(name: string, key?: string): string {
  return `Svc:Tools:Database:Connections:${name}${key === undefined ? '' : `:${key}`}`;
}

/**
 * The configured connections with their connection strings: `ConnectionString`, or
 * the environment variable `ConnectionStringEnvVar` names when it is empty. Throws
 * `DATABASE_CONNECTION_STRING_MISSING` for a server connection that has neither.
 */
export function resolveConnections(
  settings: DatabaseSettings,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): DatabaseConnection[] {
  return Object.entries(settings.Connections).map(([name, connection]) => {
    if (connection.Kind === 'sqlite')
      return { name, kind: 'sqlite', settings: connection, connectionString: '', secrets: [] };
    const fromVariable =
      connection.ConnectionStringEnvVar === '' ? undefined : environment[connection.ConnectionStringEnvVar];
    const connectionString = connection.ConnectionString !== '' ? connection.ConnectionString : (fromVariable ?? '');
    if (connectionString.trim() === '') {
      const variable =
        connection.ConnectionStringEnvVar === ''
          ? ''
          : ` (the environment variable ${connection.ConnectionStringEnvVar} named by ${connectionKey(name, 'ConnectionStringEnvVar')} is not set)`;
      throw new DatabaseToolError(
        'DATABASE_CONNECTION_STRING_MISSING',
        `The ${connection.Kind} connection '${name}' has no connection string${variable}: set ${connectionKey(name, 'ConnectionString')}, or ${connectionKey(name, 'ConnectionStringEnvVar')} to the name of an environment variable that holds it.`,
      );
    }
    return {
      name,
      kind: connection.Kind,
      settings: connection,
      connectionString,
      secrets: secretsOfConnectionString(connectionString),
    };
  });
}
