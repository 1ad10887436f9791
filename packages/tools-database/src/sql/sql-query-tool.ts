import { defineTool, isToolResult, type Logger, type Tool, toolFailure, toolSuccess } from '@orkeon/core';
import { z } from 'zod';
import { type DatabaseConnection, resolveConnections } from '../connections/database-connection.js';
import type { PackageImporter } from '../connections/optional-package.js';
import {
  connectionsOfKinds,
  describeConnections,
  pickConnection,
  queryToolAccess,
  toolTimeoutMilliseconds,
} from '../connections/tool-connections.js';
import { DatabaseToolError } from '../errors/database-tool-error.js';
import { describeFailure } from '../results/describe-failure.js';
import { formatOutcome } from '../results/format-outcome.js';
import { kindTitles, type SqlKind, sqlKinds } from '../settings/connection-kinds.js';
import { bindDatabaseSettings, type DatabaseSettingsInput } from '../settings/database-settings.js';
import { placeholderStyles, sqlDrivers } from './sql-drivers.js';

/** What the database tool factories take besides the settings. */
export interface DatabaseToolOptions {
  /** Where connection strings named by `ConnectionStringEnvVar` are read. Default: `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** Loads the optional driver packages (`mssql`, `mongodb`). Default: `import()`. */
  readonly importPackage?: PackageImporter;
  readonly logger?: Logger;
}

const sqlParameter = z.union([z.string().max(1_000_000), z.number(), z.boolean(), z.null()]);

export const sqlQueryInput = z.strictObject({
  connection: z.string().min(1).max(100).describe('Name of the connection (see the list in the description).'),
  statement: z
    .string()
    .max(100_000)
    .refine((text) => text.trim().length > 0, 'an SQL statement, not blank')
    .describe('One SQL statement. Put values in `parameters` and refer to them by placeholders, never inline.'),
  parameters: z
    .array(sqlParameter)
    .max(1_000)
    .default([])
    .describe('Values bound to the placeholders in order; they are data, never SQL.'),
  format: z.enum(['table', 'json']).default('table').describe('A compact text table (default) or JSON.'),
});

export type SqlQueryInput = z.output<typeof sqlQueryInput>;

/** The SQL query tools: their names and the kinds each serves. */
export const sqlQueryTools = {
  relational_database_query: sqlKinds,
  postgres_query: ['postgres'],
  mysql_query: ['mysql'],
  mariadb_query: ['mariadb'],
  sqlserver_query: ['sqlserver'],
} as const satisfies Record<string, readonly SqlKind[]>;

export type SqlQueryToolName = keyof typeof sqlQueryTools;

/**
 * A SQL query tool over the connections of its kinds in `Svc:Tools:Database`.
 * Throws `DATABASE_CONNECTION_STRING_MISSING` for a connection without one, and
 * `DATABASE_CONNECTIONS_NONE` when no connection of its kinds is configured.
 */
export function createSqlQueryTool(
  name: SqlQueryToolName,
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<SqlQueryInput> {
  const bound = bindDatabaseSettings(settings);
  const connections = connectionsOfKinds(resolveConnections(bound, options.environment), sqlQueryTools[name]);
  if (connections.length === 0) throw noConnections(name, sqlQueryTools[name]);
  const drivers = sqlDrivers(options.importPackage);
  return defineTool({
    name,
    description: describeTool(name, connections),
    input: sqlQueryInput,
    access: queryToolAccess(connections),
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(input, context) {
      const connection = pickConnection(name, connections, input.connection);
      if (isToolResult(connection)) return connection;
      const kind = connection.kind as SqlKind;
      context.logger.debug(
        { connection: connection.name, kind, readOnly: !connection.settings.AllowWrites },
        'sql statement',
      );
      try {
        const outcome = await drivers[kind]({
          connection,
          statement: input.statement,
          parameters: input.parameters,
          readOnly: !connection.settings.AllowWrites,
          maxRows: connection.settings.MaxRows,
          timeoutMilliseconds: connection.settings.TimeoutSeconds * 1_000,
          signal: context.signal,
          vfs: context.vfs,
        });
        if (isToolResult(outcome)) return outcome;
        return toolSuccess(
          formatOutcome(outcome, {
            format: input.format,
            maxCellCharacters: bound.MaxCellCharacters,
            narrowingHint: 'add a WHERE clause or a LIMIT, or page with LIMIT and OFFSET',
          }),
        );
      } catch (error) {
        context.logger.debug({ connection: connection.name, kind, code: codeOf(error) }, 'sql statement refused');
        return toolFailure(describeFailure(error, connection, context.vfs));
      }
    },
  });
}

function describeTool(name: SqlQueryToolName, connections: readonly DatabaseConnection[]): string {
  const first = connections[0]?.kind ?? 'postgres';
  const what = name === 'relational_database_query' ? 'SQL database' : kindTitles[first];
  return [
    `Runs one SQL statement on a named ${what} connection and returns its rows as a compact table (or JSON), or how many rows it changed.`,
    'Put every value in `parameters` and refer to it by its placeholder; never write values into the statement. One statement per call.',
    `Rows beyond each connection's limit are cut, and the answer says how many there were. Connections:\n${describeConnections(
      connections,
      (connection) => ` Placeholders: ${placeholderStyles[connection.kind as SqlKind]}.`,
    )}`,
  ].join(' ');
}

export function noConnections(name: string, kinds: readonly string[]): DatabaseToolError {
  return new DatabaseToolError(
    'DATABASE_CONNECTIONS_NONE',
    `The tool ${name} needs at least one connection of kind ${kinds.join(', ')} in Svc:Tools:Database:Connections: add one (e.g. Svc:Tools:Database:Connections:main:Kind = ${kinds[0]}).`,
  );
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
