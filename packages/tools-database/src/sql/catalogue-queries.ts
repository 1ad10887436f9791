import type { SqlKind } from '../settings/connection-kinds.js';
import type { SqlParameter } from './sql-driver.js';

/** A catalogue read: the statement and its bound parameters. */
export interface CatalogueQuery {
  readonly statement: string;
  readonly parameters: readonly SqlParameter[];
}

const mysqlSystemSchemas = "('mysql', 'information_schema', 'performance_schema', 'sys')";

/** The tables and views a connection can see, outside the system schemas. */
export function tablesQuery(kind: SqlKind): CatalogueQuery {
  switch (kind) {
    case 'postgres':
      return {
        statement:
          "SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY table_schema, table_name",
        parameters: [],
      };
    case 'mysql':
    case 'mariadb':
      return {
        statement: `SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema = COALESCE(DATABASE(), table_schema) AND table_schema NOT IN ${mysqlSystemSchemas} ORDER BY table_schema, table_name`,
        parameters: [],
      };
    case 'sqlite':
      return {
        statement:
          "SELECT name AS table_name, type AS table_type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name",
        parameters: [],
      };
    case 'sqlserver':
      return {
        statement:
          'SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, TABLE_TYPE AS table_type FROM INFORMATION_SCHEMA.TABLES ORDER BY TABLE_SCHEMA, TABLE_NAME',
        parameters: [],
      };
  }
}

/**
 * The columns of one table, named as `table` or `schema.table`; the names are
 * bound as parameters, never spliced into the statement.
 */
export function columnsQuery(kind: SqlKind, table: string): CatalogueQuery {
  const dot = table.lastIndexOf('.');
  const schema = dot > 0 ? table.slice(0, dot) : null;
  const name = dot > 0 ? table.slice(dot + 1) : table;
  switch (kind) {
    case 'postgres':
      return {
        statement:
          'SELECT table_schema, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_name = $1 AND ($2::text IS NULL OR table_schema = $2) ORDER BY table_schema, ordinal_position',
        parameters: [name, schema],
      };
    case 'mysql':
    case 'mariadb':
      return {
        statement: `SELECT table_schema, column_name, column_type, is_nullable, column_default, column_key FROM information_schema.columns WHERE table_name = ? AND table_schema = COALESCE(?, DATABASE(), table_schema) AND table_schema NOT IN ${mysqlSystemSchemas} ORDER BY table_schema, ordinal_position`,
        parameters: [name, schema],
      };
    case 'sqlite':
      // pragma_table_info takes the table name as a bound argument.
      return {
        statement:
          "SELECT name AS column_name, type AS data_type, CASE \"notnull\" WHEN 1 THEN 'NO' ELSE 'YES' END AS is_nullable, dflt_value AS column_default, pk AS primary_key_position FROM pragma_table_info(?) ORDER BY cid",
        parameters: [table],
      };
    case 'sqlserver':
      return {
        statement:
          'SELECT TABLE_SCHEMA AS table_schema, COLUMN_NAME AS column_name, DATA_TYPE AS data_type, IS_NULLABLE AS is_nullable, COLUMN_DEFAULT AS column_default FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = @p1 AND (@p2 IS NULL OR TABLE_SCHEMA = @p2) ORDER BY TABLE_SCHEMA, ORDINAL_POSITION',
        parameters: [name, schema],
      };
  }
}
