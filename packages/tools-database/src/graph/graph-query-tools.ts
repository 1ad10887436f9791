import { defineTool, isToolResult, type Tool, toolFailure, toolSuccess } from '@orkeon/core';
import { z } from 'zod';
import { type DatabaseConnection, resolveConnections } from '../connections/database-connection.js';
import {
  connectionsOfKinds,
  describeConnections,
  pickConnection,
  queryToolAccess,
  toolTimeoutMilliseconds,
} from '../connections/tool-connections.js';
import { describeFailure } from '../results/describe-failure.js';
import { formatOutcome } from '../results/format-outcome.js';
import { bindDatabaseSettings, type DatabaseSettingsInput } from '../settings/database-settings.js';
import { type DatabaseToolOptions, noConnections } from '../sql/sql-query-tool.js';
import { arcadeDbLanguages, runArcadeDbQuery } from './arcadedb-client.js';
import { type HttpEndpoint, httpEndpointOf } from './http-endpoint.js';
import { runGremlinScript } from './janusgraph-client.js';
import { recordsToRowSet } from './records-table.js';

/** Names a parameter may have: an identifier, and not one the server binds itself. */
const reservedParameterNames = new Set(['g', 'graph']);
const graphParameters = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a parameter name is an identifier')
      .refine((name) => !reservedParameterNames.has(name), "'g' and 'graph' are the server's own names"),
    z.unknown(),
  )
  .default({})
  .describe(
    'Values by name, bound by the server (:name in ArcadeDB SQL, $name in Cypher, the name itself in Gremlin).',
  );

const connectionField = z
  .string()
  .min(1)
  .max(100)
  .describe('Name of the connection (see the list in the description).');
const queryField = z
  .string()
  .max(100_000)
  .refine((text) => text.trim().length > 0, 'a query, not blank');

export const arcadeDbQueryInput = z.strictObject({
  connection: connectionField,
  query: queryField.describe('One query; values go in `parameters`.'),
  language: z.enum(arcadeDbLanguages).default('sql').describe('sql (default), cypher or gremlin.'),
  parameters: graphParameters,
  format: z.enum(['table', 'json']).default('table'),
});

export type ArcadeDbQueryInput = z.output<typeof arcadeDbQueryInput>;

export const janusGraphQueryInput = z.strictObject({
  connection: connectionField,
  query: queryField.describe('A Gremlin traversal on g, e.g. g.V().has("name", name).out("knows").values("name").'),
  parameters: graphParameters,
  format: z.enum(['table', 'json']).default('table'),
});

export type JanusGraphQueryInput = z.output<typeof janusGraphQueryInput>;

interface GraphConnection {
  readonly connection: DatabaseConnection;
  readonly endpoint: HttpEndpoint;
}

/** The graph connections of a kind with their HTTP endpoints, read when the tool is built. */
export function graphConnections(
  settings: DatabaseSettingsInput,
  kinds: readonly ('arcadedb' | 'janusgraph')[],
  toolName: string,
  options: DatabaseToolOptions,
): {
  bound: ReturnType<typeof bindDatabaseSettings>;
  connections: DatabaseConnection[];
  endpoints: Map<string, GraphConnection>;
} {
  const bound = bindDatabaseSettings(settings);
  const connections = connectionsOfKinds(resolveConnections(bound, options.environment), kinds);
  if (connections.length === 0) throw noConnections(toolName, kinds);
  const endpoints = new Map(
    connections.map((connection) => [connection.name, { connection, endpoint: httpEndpointOf(connection) }]),
  );
  return { bound, connections, endpoints };
}

/** `arcadedb_query`: SQL, Cypher or Gremlin on ArcadeDB over HTTP; read-only through the server's query endpoint. */
export function createArcadeDbQueryTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<ArcadeDbQueryInput> {
  return graphQueryTool({
    name: 'arcadedb_query',
    kind: 'arcadedb',
    description:
      'Runs one query (SQL by default, or Cypher or Gremlin) on a named ArcadeDB database and returns the records as a table (or JSON). Values go in `parameters`.',
    input: arcadeDbQueryInput,
    run: (endpoint, connection, call, signal) =>
      runArcadeDbQuery(
        endpoint,
        connection,
        {
          language: call.language,
          query: call.query,
          parameters: call.parameters,
          readOnly: !connection.settings.AllowWrites,
        },
        signal,
      ),
    settings,
    options,
  });
}

/** `janusgraph_query`: a Gremlin script on JanusGraph through Gremlin Server's HTTP endpoint. */
export function createJanusGraphQueryTool(
  settings: DatabaseSettingsInput,
  options: DatabaseToolOptions = {},
): Tool<JanusGraphQueryInput> {
  return graphQueryTool({
    name: 'janusgraph_query',
    kind: 'janusgraph',
    description:
      'Runs one Gremlin traversal on a named JanusGraph graph (g is its traversal source) and returns the results as a table (or JSON). Values go in `parameters` and are used by name.',
    input: janusGraphQueryInput,
    run: (endpoint, connection, call, signal) =>
      runGremlinScript(
        endpoint,
        connection,
        { script: call.query, bindings: call.parameters, readOnly: !connection.settings.AllowWrites },
        signal,
      ),
    settings,
    options,
  });
}

type GraphQuerySchema = z.ZodType<{ connection: string; format: 'table' | 'json' }>;

interface GraphQueryToolSpec<Schema extends GraphQuerySchema> {
  readonly name: string;
  readonly kind: 'arcadedb' | 'janusgraph';
  readonly description: string;
  readonly input: Schema;
  run(
    endpoint: HttpEndpoint,
    connection: DatabaseConnection,
    call: z.output<Schema>,
    signal: AbortSignal,
  ): Promise<readonly unknown[]>;
  readonly settings: DatabaseSettingsInput;
  readonly options: DatabaseToolOptions;
}

/** A graph query tool: picks the named connection, runs the query on its endpoint, answers a table or JSON. */
function graphQueryTool<Schema extends GraphQuerySchema>(spec: GraphQueryToolSpec<Schema>): Tool<z.output<Schema>> {
  const { bound, connections, endpoints } = graphConnections(spec.settings, [spec.kind], spec.name, spec.options);
  return defineTool({
    name: spec.name,
    description: `${spec.description} Connections:\n${describeConnections(connections)}`,
    input: spec.input,
    access: queryToolAccess(connections),
    maxResultCharacters: bound.MaxResultCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(connections),
    async execute(call, context) {
      const connection = pickConnection(spec.name, connections, call.connection);
      if (isToolResult(connection)) return connection;
      const endpoint = endpoints.get(connection.name)?.endpoint as HttpEndpoint;
      try {
        const results = await spec.run(endpoint, connection, call, context.signal);
        return toolSuccess(graphAnswer(results, connection, call.format, bound.MaxCellCharacters));
      } catch (error) {
        return toolFailure(describeFailure(error, connection, context.vfs));
      }
    },
  });
}

function graphAnswer(
  results: readonly unknown[],
  connection: DatabaseConnection,
  format: 'table' | 'json',
  maxCellCharacters: number,
): string {
  const rowSet = recordsToRowSet(results, connection.settings.MaxRows);
  return formatOutcome(
    { rowSet },
    { format, maxCellCharacters, narrowingHint: 'narrow the query, or add a LIMIT (limit() in Gremlin)' },
  );
}
