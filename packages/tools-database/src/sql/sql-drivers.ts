import type { PackageImporter } from '../connections/optional-package.js';
import type { SqlKind } from '../settings/connection-kinds.js';
import { mysqlDriver } from './mysql-driver.js';
import { runPostgres } from './postgres-driver.js';
import type { SqlDriver } from './sql-driver.js';
import { runSqlite } from './sqlite-driver.js';
import { sqlServerDriver } from './sqlserver-driver.js';

/** The driver of each SQL kind. */
export function sqlDrivers(importer?: PackageImporter): Readonly<Record<SqlKind, SqlDriver>> {
  return {
    postgres: runPostgres,
    mysql: mysqlDriver('mysql'),
    mariadb: mysqlDriver('mariadb'),
    sqlite: runSqlite,
    sqlserver: sqlServerDriver(importer),
  };
}

/** How each kind writes the placeholders its parameters bind to. */
export const placeholderStyles: Readonly<Record<SqlKind, string>> = {
  postgres: '$1, $2, …',
  mysql: '?',
  mariadb: '?',
  sqlite: '? (or ?1, ?2, …)',
  sqlserver: '@p1, @p2, …',
};
