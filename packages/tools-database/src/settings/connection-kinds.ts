/** What a named connection reaches. */
export const connectionKinds = [
  'postgres',
  'mysql',
  'mariadb',
  'sqlite',
  'sqlserver',
  'mongodb',
  'arcadedb',
  'janusgraph',
] as const;

export type ConnectionKind = (typeof connectionKinds)[number];

/** The kinds spoken in SQL, which `relational_database_query` and `database_schema` serve. */
export const sqlKinds = ['postgres', 'mysql', 'mariadb', 'sqlite', 'sqlserver'] as const;

export type SqlKind = (typeof sqlKinds)[number];

export const graphKinds = ['arcadedb', 'janusgraph'] as const;

export type GraphKind = (typeof graphKinds)[number];

export function isSqlKind(kind: ConnectionKind): kind is SqlKind {
  return (sqlKinds as readonly string[]).includes(kind);
}

/** How people write the kind in messages. */
export const kindTitles: Readonly<Record<ConnectionKind, string>> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  sqlite: 'SQLite',
  sqlserver: 'SQL Server',
  mongodb: 'MongoDB',
  arcadedb: 'ArcadeDB',
  janusgraph: 'JanusGraph',
};
