import { defineTool, isToolResult, type Tool, toolFailure, toolSuccess } from '@orkeon/core';
import { z } from 'zod';
import { resolveConnections } from '../connections/database-connection.js';
import {
  connectionsOfKinds,
  describeConnections,
  pickConnection,
  toolTimeoutMilliseconds,
} from '../connections/tool-connections.js';
import { describeFailure } from '../results/describe-failure.js';
import { formatOutcome } from '../results/format-outcome.js';
import { type SqlKind, sqlKinds } from '../settings/connection-kinds.js';
import { bindDatabaseSettings, type DatabaseSettingsInput } from '../settings/database-settings.js';
import { columnsQuery, tablesQuery } from './catalogue-queries.js';
import { sqlDrivers } from './sql-drivers.js';
import { type DatabaseToolOptions, noConnections } from './sql-query-tool.js';

export const databaseSchemaToolName = 'database_schema';

export const databaseSchemaInput = z.strictObject({
  connection: z.string().min(1).max(100).describe('Name of the connection (see the list in the description).'),
  table: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('A table or view (`name` or `schema.name`) to list the columns of; leave out to list the tables.'),
  format: z.enum(['table', 'json']).default('table').describe('A compact text table (default) or JSON.'),
});

export type DatabaseSchemaInput = z.output<typeof databaseSchemaInput>;

/**
 * `database_schema`: the tables of a SQL connection, or the columns of one table,
 * read from the database's catalogue. It only reads, always inside a read-only
 * transaction (also on a connection that allows writes), so it is a `Read` tool.
 */
export function createDatabaseSchemaTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<DatabaseSchemaInput> {
  const bound = bindDatabaseSettings(settings);
  const connections = connectionsOfKinds(resolveConnections(bound, options.environment), sqlKinds);
  if (connections.length === 0) throw noConnections(databaseSchemaToolName, sqlKinds);
  const drivers = sqlDrivers(options.importPackage);
  return defineTool({
    name: databaseSchemaToolName,
    description: `Lists the tables and views of a named SQL connection, or with \`table\` the columns of one table (name, type, nullable, default). Connections:\n${describeConnections(connections)}`,
    input: databaseSchemaInput,
    access: 'Read',
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(input, context) {
      const connection = pickConnection(databaseSchemaToolName, connections, input.connection);
      if (isToolResult(connection)) return connection;
      const kind = connection.kind as SqlKind;
      const query = input.table === undefined ? tablesQuery(kind) : columnsQuery(kind, input.table);
      try {
        const outcome = await drivers[kind]({
          connection,
          ...query,
          readOnly: true,
          maxRows: connection.settings.MaxRows,
          timeoutMilliseconds: connection.settings.TimeoutSeconds * 1_000,
          signal: context.signal,
          vfs: context.vfs,
        });
        if (isToolResult(outcome)) return outcome;
        if (input.table !== undefined && (outcome.rowSet?.totalRows ?? 0) === 0)
          return toolFailure(
            `No table or view ${JSON.stringify(input.table)} on connection '${connection.name}': call ${databaseSchemaToolName} without \`table\` to list them.`,
          );
        return toolSuccess(
          formatOutcome(outcome, {
            format: input.format,
            maxCellCharacters: bound.MaxCellCharacters,
            narrowingHint: 'name one table with `table`, or query the catalogue with a WHERE clause',
          }),
        );
      } catch (error) {
        return toolFailure(describeFailure(error, connection, context.vfs));
      }
    },
  });
}
