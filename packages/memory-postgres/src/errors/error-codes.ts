/** Every error code of `@orkeon/memory-postgres`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const postgresMemoryErrorCodes = {
  POSTGRES_MEMORY_OPTIONS_INVALID:
    'An option of the PostgreSQL memory store cannot be used (connection string, table name, dimensions, pool): the message says what is allowed.',
  POSTGRES_MEMORY_SETUP_FAILED:
    'The memory table could not be created, checked or changed: check that the server is reachable with the connection string and that its user may create tables in the schema.',
  POSTGRES_MEMORY_SCHEMA_TOO_NEW:
    'The memory table was laid out by a later Orkeon release: upgrade Orkeon, or give another table (Svc:Memory:Postgres:Table).',
  POSTGRES_MEMORY_DIMENSIONS_CONFLICT:
    'Svc:Memory:Postgres:Dimensions differs from the length of the vectors the table already holds: give the length of the table, or another table.',
  POSTGRES_MEMORY_CLOSED: 'The PostgreSQL memory store was used after close(): open a new one.',
} as const;

export type PostgresMemoryErrorCode = keyof typeof postgresMemoryErrorCodes;
