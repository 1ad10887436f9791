/** Every error code of `@orkeon/tools-database`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsDatabaseErrorCodes = {
  DATABASE_PACKAGE_MISSING:
    'A connection needs a driver package that is not installed (`mssql` for SQL Server, `mongodb` for MongoDB): install the package the message names, or remove the connection.',
  DATABASE_CONNECTION_STRING_MISSING:
    'A connection has neither `ConnectionString` nor an environment variable named by `ConnectionStringEnvVar` that is set: give one of them.',
  DATABASE_CONNECTION_STRING_INVALID:
    'A connection string cannot be read (an ArcadeDB or JanusGraph address that is not an http(s) URL, an ArcadeDB URL without the database name): fix it as the message says.',
  DATABASE_CONNECTIONS_NONE:
    'A database tool was built with no connection of the kinds it serves (e.g. `postgres_query` without a postgres connection): add one under `Svc:Tools:Database:Connections`, or do not build that tool.',
  DATABASE_STATEMENT_STOPPED:
    'A statement ran out of time (`TimeoutSeconds`) or its call was cancelled, and it was stopped on the database: narrow the statement or raise the limit. Tools answer it as a failure, never throw it.',
} as const;

export type ToolsDatabaseErrorCode = keyof typeof toolsDatabaseErrorCodes;
