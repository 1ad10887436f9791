import { type ToolAccess, type ToolResult, toolFailure } from '@orkeon/core';
import { type ConnectionKind, kindTitles } from '../settings/connection-kinds.js';
import type { DatabaseConnection } from './database-connection.js';

/**
 * The connection a call names, matched without regard to case like every settings
 * key, or a failure that lists the connections this tool can reach.
 */
export function pickConnection(
  toolName: string,
  connections: readonly DatabaseConnection[],
  name: string,
): DatabaseConnection | ToolResult {
  const wanted = name.trim().toLowerCase();
  const found = connections.find((connection) => connection.name.toLowerCase() === wanted);
  if (found !== undefined) return found;
  return toolFailure(
    `Unknown connection ${JSON.stringify(name.slice(0, 80))} for ${toolName}. Connections: ${listConnections(connections)}.`,
  );
}

/** "main (PostgreSQL, read-only), crm (MariaDB, writes allowed)". */
export function listConnections(connections: readonly DatabaseConnection[]): string {
  return connections
    .map(
      (connection) =>
        `${connection.name} (${kindTitles[connection.kind]}, ${connection.settings.AllowWrites ? 'writes allowed' : 'read-only'})`,
    )
    .join(', ');
}

/** One line per connection for a tool's description, with its operator-written description. */
export function describeConnections(
  connections: readonly DatabaseConnection[],
  detail: (connection: DatabaseConnection) => string = () => '',
): string {
  return connections
    .map((connection) => {
      const rights = connection.settings.AllowWrites ? 'writes allowed' : 'read-only: the database refuses every write';
      const about = connection.settings.Description === '' ? '' : ` ${connection.settings.Description}.`;
      return `- ${connection.name}: ${kindTitles[connection.kind]}, ${rights}.${detail(connection)}${about}`;
    })
    .join('\n');
}

/**
 * The access class the permission gate sees: `Read` when every connection the tool
 * reaches is read-only, else `Execute` (a statement may change an outside system),
 * so plan mode refuses it and acceptEdits asks first.
 */
export function queryToolAccess(connections: readonly DatabaseConnection[]): Exclude<ToolAccess, 'Unspecified'> {
  return connections.some((connection) => connection.settings.AllowWrites) ? 'Execute' : 'Read';
}

export function connectionsOfKinds(
  connections: readonly DatabaseConnection[],
  kinds: readonly ConnectionKind[],
): DatabaseConnection[] {
  return connections.filter((connection) => kinds.includes(connection.kind));
}

/** Room for the connection to stop a statement itself before the pipeline's own limit fires. */
const pipelineMarginMilliseconds = 15_000;

/** The pipeline time limit of a tool: its slowest connection's, plus room to connect and stop cleanly. */
export function toolTimeoutMilliseconds(connections: readonly DatabaseConnection[]): number {
  const longest = Math.max(1, ...connections.map((connection) => connection.settings.TimeoutSeconds));
  return longest * 1_000 + pipelineMarginMilliseconds;
}
