export { connectionKey, type DatabaseConnection, resolveConnections } from './connections/database-connection.js';
export { importPackage, type PackageImporter } from './connections/optional-package.js';
export { scrubSecrets, secretsOfConnectionString } from './connections/secret-scrubber.js';
export { DatabaseToolError } from './errors/database-tool-error.js';
export { type ToolsDatabaseErrorCode, toolsDatabaseErrorCodes } from './errors/error-codes.js';
export {
  createDatabaseFamily,
  databaseCatalogue,
  databaseFamily,
  databaseFamilyName,
} from './family/database-family.js';
export { type ArcadeDbLanguage, arcadeDbLanguages } from './graph/arcadedb-client.js';
export {
  type ArcadeDbQueryInput,
  arcadeDbQueryInput,
  createArcadeDbQueryTool,
  createJanusGraphQueryTool,
  type JanusGraphQueryInput,
  janusGraphQueryInput,
} from './graph/graph-query-tools.js';
export {
  createGraphSchemaTool,
  type GraphSchemaInput,
  graphSchemaInput,
  graphSchemaToolName,
} from './graph/graph-schema-tool.js';
export { readOnlyPrelude } from './graph/janusgraph-client.js';
export {
  type MongoOperation,
  mongoReadOperations,
  mongoWriteOperations,
} from './mongodb/mongodb-operations.js';
export {
  createMongoDbQueryTool,
  type MongoDbQueryInput,
  mongoDbQueryInput,
  mongoDbQueryToolName,
} from './mongodb/mongodb-query-tool.js';
export {
  createMongoDbSchemaTool,
  type MongoDbSchemaInput,
  mongoDbSchemaInput,
  mongoDbSchemaToolName,
} from './mongodb/mongodb-schema-tool.js';
export type { ResultFormat } from './results/format-outcome.js';
export { rowCountLimit } from './results/statement-outcome.js';
export {
  type ConnectionKind,
  connectionKinds,
  type GraphKind,
  graphKinds,
  type SqlKind,
  sqlKinds,
} from './settings/connection-kinds.js';
export {
  bindDatabaseSettings,
  type DatabaseConnectionSettings,
  type DatabaseSettings,
  type DatabaseSettingsInput,
  databaseSettings,
} from './settings/database-settings.js';
export {
  createDatabaseSchemaTool,
  type DatabaseSchemaInput,
  databaseSchemaInput,
  databaseSchemaToolName,
} from './sql/database-schema-tool.js';
export type { SqlParameter } from './sql/sql-driver.js';
export {
  createSqlQueryTool,
  type DatabaseToolOptions,
  type SqlQueryInput,
  type SqlQueryToolName,
  sqlQueryInput,
  sqlQueryTools,
} from './sql/sql-query-tool.js';

import type { DatabaseSettingsInput } from './settings/database-settings.js';
import { createSqlQueryTool, type DatabaseToolOptions } from './sql/sql-query-tool.js';

/** `relational_database_query` over every SQL connection. */
export const createRelationalDatabaseQueryTool = (settings: DatabaseSettingsInput, options?: DatabaseToolOptions) =>
  createSqlQueryTool('relational_database_query', settings, options);
/** `postgres_query` over the postgres connections. */
export const createPostgresQueryTool = (settings: DatabaseSettingsInput, options?: DatabaseToolOptions) =>
  createSqlQueryTool('postgres_query', settings, options);
/** `mysql_query` over the mysql connections. */
export const createMySqlQueryTool = (settings: DatabaseSettingsInput, options?: DatabaseToolOptions) =>
  createSqlQueryTool('mysql_query', settings, options);
/** `mariadb_query` over the mariadb connections. */
export const createMariaDbQueryTool = (settings: DatabaseSettingsInput, options?: DatabaseToolOptions) =>
  createSqlQueryTool('mariadb_query', settings, options);
/** `sqlserver_query` over the sqlserver connections (optional package `mssql`, loaded on the first call). */
export const createSqlServerQueryTool = (settings: DatabaseSettingsInput, options?: DatabaseToolOptions) =>
  createSqlQueryTool('sqlserver_query', settings, options);
