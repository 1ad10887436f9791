import { inToolFamily, type Tool, type ToolCatalogueEntry, type ToolFamily } from '@orkeon/core';
import { resolveConnections } from '../connections/database-connection.js';
import { listConnections } from '../connections/tool-connections.js';
import { createArcadeDbQueryTool, createJanusGraphQueryTool } from '../graph/graph-query-tools.js';
import { createGraphSchemaTool } from '../graph/graph-schema-tool.js';
import { createMongoDbQueryTool } from '../mongodb/mongodb-query-tool.js';
import { createMongoDbSchemaTool } from '../mongodb/mongodb-schema-tool.js';
import { loadMongoDbPackage } from '../mongodb/mongodb-session.js';
import { type ConnectionKind, sqlKinds } from '../settings/connection-kinds.js';
import { type DatabaseSettings, databaseSettings } from '../settings/database-settings.js';
import { createDatabaseSchemaTool } from '../sql/database-schema-tool.js';
import { createSqlQueryTool, type DatabaseToolOptions } from '../sql/sql-query-tool.js';
import { loadSqlServerPackage } from '../sql/sqlserver-driver.js';

export const databaseFamilyName = 'database';

const queryAccessNote = 'Read; Execute when one of its connections allows writes';

/** Every tool of the family, known without loading a driver. */
export const databaseCatalogue: readonly ToolCatalogueEntry[] = [
  {
    name: 'relational_database_query',
    access: 'Read',
    summary: `One SQL statement on any SQL connection (PostgreSQL, MySQL, MariaDB, SQLite, SQL Server), parameters bound (${queryAccessNote}).`,
    needs: 'a SQL connection in Svc:Tools:Database:Connections',
  },
  {
    name: 'postgres_query',
    access: 'Read',
    summary: `One SQL statement on a PostgreSQL connection (${queryAccessNote}).`,
    needs: 'a postgres connection',
  },
  {
    name: 'mysql_query',
    access: 'Read',
    summary: `One SQL statement on a MySQL connection (${queryAccessNote}).`,
    needs: 'a mysql connection',
  },
  {
    name: 'mariadb_query',
    access: 'Read',
    summary: `One SQL statement on a MariaDB connection (${queryAccessNote}).`,
    needs: 'a mariadb connection',
  },
  {
    name: 'sqlserver_query',
    access: 'Read',
    summary: `One T-SQL statement on a SQL Server connection (${queryAccessNote}).`,
    needs: "a sqlserver connection and the optional package 'mssql'",
  },
  {
    name: 'database_schema',
    access: 'Read',
    summary: 'The tables of a SQL connection, or the columns of one table.',
    needs: 'a SQL connection',
  },
  {
    name: 'mongodb_query',
    access: 'Read',
    summary: `find, aggregate, count or distinct on a MongoDB collection; inserts, updates and deletes only where writes are allowed (${queryAccessNote}).`,
    needs: "a mongodb connection and the optional package 'mongodb'",
  },
  {
    name: 'mongodb_schema',
    access: 'Read',
    summary: 'The collections of a MongoDB database, or the fields and types of one collection from a sample.',
    needs: "a mongodb connection and the optional package 'mongodb'",
  },
  {
    name: 'arcadedb_query',
    access: 'Read',
    summary: `One SQL, Cypher or Gremlin query on ArcadeDB over HTTP (${queryAccessNote}).`,
    needs: 'an arcadedb connection (an ArcadeDB server)',
  },
  {
    name: 'janusgraph_query',
    access: 'Read',
    summary: `One Gremlin traversal on JanusGraph through Gremlin Server's HTTP endpoint (${queryAccessNote}).`,
    needs: 'a janusgraph connection (a Gremlin Server)',
  },
  {
    name: 'graph_schema',
    access: 'Read',
    summary: 'The types (ArcadeDB) or labels and property keys (JanusGraph) of a graph connection.',
    needs: 'an arcadedb or janusgraph connection',
  },
];

/**
 * The `database` family: the tools its connections call for, each only when a
 * connection of its kinds is configured. Building it loads the optional driver
 * packages the connections need, so a missing one fails here with
 * `DATABASE_PACKAGE_MISSING`, naming the package.
 */
export function createDatabaseFamily(options: Omit<DatabaseToolOptions, 'logger'> = {}): ToolFamily {
  return {
    name: databaseFamilyName,
    description:
      'Queries and schemas of SQL databases (PostgreSQL, MySQL, MariaDB, SQLite, SQL Server), MongoDB and graph stores (ArcadeDB, JanusGraph), read-only unless a connection allows writes.',
    catalogue: databaseCatalogue,
    settingsSections: [databaseSettings],
    async createTools({ configuration, logger }) {
      const settings = configuration.get(databaseSettings);
      const connections = resolveConnections(settings, options.environment);
      const kinds = new Set<ConnectionKind>(connections.map((connection) => connection.kind));
      if (kinds.has('sqlserver')) await loadSqlServerPackage(options.importPackage);
      if (kinds.has('mongodb')) await loadMongoDbPackage(options.importPackage);
      const toolOptions: DatabaseToolOptions = { ...options, logger };
      const tools = buildTools(settings, kinds, toolOptions);
      if (connections.length > 0)
        logger.info(
          { family: databaseFamilyName, tools: tools.map((tool) => tool.name) },
          `Database tools over the connections ${listConnections(connections)}.`,
        );
      for (const connection of connections.filter((candidate) => candidate.settings.AllowWrites))
        logger.warn(
          { connection: connection.name, setting: `Svc:Tools:Database:Connections:${connection.name}:AllowWrites` },
          `Connection '${connection.name}' allows writes: the query tools that reach it count as Execute for the permission gate.`,
        );
      return tools.map((tool) => inToolFamily(tool, databaseFamilyName));
    },
  };
}

function buildTools(
  settings: DatabaseSettings,
  kinds: ReadonlySet<ConnectionKind>,
  options: DatabaseToolOptions,
): Tool[] {
  const tools: Tool[] = [];
  const add = (tool: Tool) => tools.push(tool);
  const hasSql = sqlKinds.some((kind) => kinds.has(kind));
  if (hasSql) add(createSqlQueryTool('relational_database_query', settings, options));
  if (kinds.has('postgres')) add(createSqlQueryTool('postgres_query', settings, options));
  if (kinds.has('mysql')) add(createSqlQueryTool('mysql_query', settings, options));
  if (kinds.has('mariadb')) add(createSqlQueryTool('mariadb_query', settings, options));
  if (kinds.has('sqlserver')) add(createSqlQueryTool('sqlserver_query', settings, options));
  if (hasSql) add(createDatabaseSchemaTool(settings, options));
  if (kinds.has('mongodb')) {
    add(createMongoDbQueryTool(settings, options));
    add(createMongoDbSchemaTool(settings, options));
  }
  if (kinds.has('arcadedb')) add(createArcadeDbQueryTool(settings, options));
  if (kinds.has('janusgraph')) add(createJanusGraphQueryTool(settings, options));
  if (kinds.has('arcadedb') || kinds.has('janusgraph')) add(createGraphSchemaTool(settings, options));
  return tools;
}

/** The `database` family with the process environment and the installed packages. */
export const databaseFamily: ToolFamily = createDatabaseFamily();
