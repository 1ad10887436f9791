import { defineTool, isToolResult, type Tool, toolFailure, toolSuccess } from '@orkeon/core';
import { z } from 'zod';
import type { DatabaseConnection } from '../connections/database-connection.js';
import { describeConnections, pickConnection, toolTimeoutMilliseconds } from '../connections/tool-connections.js';
import { describeFailure } from '../results/describe-failure.js';
import { formatOutcome } from '../results/format-outcome.js';
import type { DatabaseSettingsInput } from '../settings/database-settings.js';
import type { DatabaseToolOptions } from '../sql/sql-query-tool.js';
import { runArcadeDbQuery } from './arcadedb-client.js';
import { graphConnections } from './graph-query-tools.js';
import type { HttpEndpoint } from './http-endpoint.js';
import { runGremlinScript } from './janusgraph-client.js';
import { recordsToRowSet } from './records-table.js';

export const graphSchemaToolName = 'graph_schema';

export const graphSchemaInput = z.strictObject({
  connection: z.string().min(1).max(100).describe('Name of the connection (see the list in the description).'),
});

export type GraphSchemaInput = z.output<typeof graphSchemaInput>;

/** ArcadeDB's schema as records: one per type, with its kind and properties. */
const arcadeDbSchemaQuery = 'SELECT FROM schema:types';

/**
 * JanusGraph's schema from its management API, rolled back after reading: vertex
 * labels, edge labels and property keys with their data types and cardinality.
 */
const janusGraphSchemaScript = [
  'def schema = g.getGraph().openManagement()',
  'try {',
  '  [vertexLabels: schema.getVertexLabels().collect { it.name() },',
  '   edgeLabels: schema.getRelationTypes(org.janusgraph.core.EdgeLabel).collect { it.name() },',
  '   propertyKeys: schema.getRelationTypes(org.janusgraph.core.PropertyKey).collect { [name: it.name(), dataType: it.dataType().simpleName, cardinality: it.cardinality().toString()] }]',
  '} finally { schema.rollback() }',
].join('\n');

/**
 * `graph_schema`: the types (ArcadeDB) or labels and property keys (JanusGraph) of
 * a graph connection. It only reads, through the read-only paths, so it is `Read`.
 */
export function createGraphSchemaTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<GraphSchemaInput> {
  const { bound, connections, endpoints } = graphConnections(
    settings,
    ['arcadedb', 'janusgraph'],
    graphSchemaToolName,
    options,
  );
  return defineTool({
    name: graphSchemaToolName,
    description: `Describes the schema of a named graph connection: ArcadeDB types with their properties, or JanusGraph vertex labels, edge labels and property keys. Connections:\n${describeConnections(connections)}`,
    input: graphSchemaInput,
    access: 'Read',
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(call, context) {
      const connection = pickConnection(graphSchemaToolName, connections, call.connection);
      if (isToolResult(connection)) return connection;
      const endpoint = endpoints.get(connection.name)?.endpoint as HttpEndpoint;
      try {
        if (connection.kind === 'arcadedb') {
          const types = await runArcadeDbQuery(
            endpoint,
            connection,
            { language: 'sql', query: arcadeDbSchemaQuery, parameters: {}, readOnly: true },
            context.signal,
          );
          return toolSuccess(typesTable(types, connection, bound.MaxCellCharacters));
        }
        const [schema] = await runGremlinScript(
          endpoint,
          connection,
          { script: janusGraphSchemaScript, bindings: {}, readOnly: true },
          context.signal,
        );
        return toolSuccess(janusGraphSchemaText(schema, connection, bound.MaxCellCharacters));
      } catch (error) {
        return toolFailure(describeFailure(error, connection, context.vfs));
      }
    },
  });
}

function typesTable(types: readonly unknown[], connection: DatabaseConnection, maxCellCharacters: number): string {
  const rows = types.map((entry) => {
    const type = (entry ?? {}) as { name?: unknown; type?: unknown; properties?: unknown };
    const properties = Array.isArray(type.properties)
      ? type.properties
          .map((property: { name?: unknown; type?: unknown }) =>
            property.type === undefined ? String(property.name) : `${String(property.name)} ${String(property.type)}`,
          )
          .join(', ')
      : '';
    return { name: type.name ?? null, type: type.type ?? null, properties };
  });
  return formatOutcome(
    { rowSet: recordsToRowSet(rows, connection.settings.MaxRows) },
    {
      format: 'table',
      maxCellCharacters,
      narrowingHint: 'query schema:types with a WHERE clause through arcadedb_query',
    },
  );
}

function janusGraphSchemaText(schema: unknown, connection: DatabaseConnection, maxCellCharacters: number): string {
  const parts = (schema ?? {}) as { vertexLabels?: unknown; edgeLabels?: unknown; propertyKeys?: unknown };
  const names = (value: unknown) =>
    Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : '(none)';
  const keys = Array.isArray(parts.propertyKeys) ? parts.propertyKeys : [];
  return [
    `Vertex labels: ${names(parts.vertexLabels)}`,
    `Edge labels: ${names(parts.edgeLabels)}`,
    'Property keys:',
    formatOutcome(
      { rowSet: recordsToRowSet(keys, connection.settings.MaxRows) },
      { format: 'table', maxCellCharacters, narrowingHint: 'use the management API through janusgraph_query' },
    ),
  ].join('\n');
}
