import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';
import { connectionKinds } from './connection-kinds.js';

const connectionNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

const connectionSchema = z
  .object({
    Kind: z
      .enum(connectionKinds)
      .describe(
        'What the connection reaches: postgres, mysql, mariadb, sqlite, sqlserver, mongodb, arcadedb or janusgraph.',
      ),
    ConnectionString: z
      .string()
      .default('')
      .describe(
        'Secret (redacted in logs, never shown to agents). postgres://…, mysql://…, a SQL Server connection string, mongodb://…, or the http(s) address of ArcadeDB / Gremlin Server (user and password in the URL for basic authentication). Not used by sqlite.',
      ),
    ConnectionStringEnvVar: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name (letters, digits, _)')
      .or(z.literal(''))
      .default('')
      .describe('Name of an environment variable holding the connection string, read when ConnectionString is empty.'),
    Path: z
      .string()
      .default('')
      .describe(
        'sqlite only: the virtual path of the database file (e.g. /data/app.db), opened through the mounts with their rights.',
      ),
    Database: z
      .string()
      .default('')
      .describe(
        'arcadedb: the database name (required). mongodb: the database, when the connection string names none.',
      ),
    TraversalSource: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a traversal source name such as g')
      .default('g')
      .describe(
        'janusgraph only: the server traversal source the tool binds to g (e.g. one over a graph opened with storage.read-only=true).',
      ),
    AllowWrites: z
      .boolean()
      .default(false)
      .describe(
        'Let statements change data. False: every statement runs read-only, enforced by the database, and the tools count as reads for the permission gate.',
      ),
    MaxRows: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(1_000)
      .describe('Rows (documents, graph results) returned per call; the answer says how many more were cut.'),
    TimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(600)
      .default(30)
      .describe('Time limit of one statement, enforced by the database where it can and by cancelling it.'),
    Description: z
      .string()
      .max(500)
      .default('')
      .describe('A line shown to agents in the tool description, e.g. "orders and invoices, read-only replica".'),
  })
  .superRefine((connection, context) => {
    if (connection.Kind === 'sqlite' && connection.Path === '')
      context.addIssue({
        code: 'custom',
        path: ['Path'],
        message: 'a sqlite connection needs Path, the virtual path of its database file',
      });
    if (connection.Kind === 'arcadedb' && connection.Database === '')
      context.addIssue({
        code: 'custom',
        path: ['Database'],
        message: 'an arcadedb connection needs Database, the name of the database on the server',
      });
  });

/** `Svc:Tools:Database`: the named connections the database tools reach, and how much output they give. */
export const databaseSettings = defineSettingsSection(
  'Svc:Tools:Database',
  z.object({
    Connections: z
      .record(
        z.string().regex(connectionNamePattern, 'a connection name: a letter, then letters, digits, _ or -'),
        connectionSchema,
      )
      .default({})
      .describe(
        'The connections by name (Svc:Tools:Database:Connections:<name>:Kind, …). Agents name a connection; they never see its connection string.',
      ),
    MaxResultCharacters: z
      .number()
      .int()
      .min(1_000)
      .max(1_000_000)
      .default(16_000)
      .describe('Longest answer of one call; a longer one is cut, saying so.'),
    MaxCellCharacters: z
      .number()
      .int()
      .min(20)
      .max(100_000)
      .default(500)
      .describe('Longest value shown in one cell; longer values are cut, saying how long they were.'),
  }),
  {
    description:
      'The database tools: named connections (PostgreSQL, MySQL, MariaDB, SQLite, SQL Server, MongoDB, ArcadeDB, JanusGraph), read-only unless AllowWrites.',
  },
);

/** The bound `Svc:Tools:Database` settings, defaults applied. */
export type DatabaseSettings = z.output<typeof databaseSettings.schema>;

/** The settings as written: every key optional. */
export type DatabaseSettingsInput = z.input<typeof databaseSettings.schema>;

/** One bound connection, `Svc:Tools:Database:Connections:<name>`. */
export type DatabaseConnectionSettings = DatabaseSettings['Connections'][string];

/**
 * Applies the defaults to settings written in code and checks them as the
 * configuration would; a bad value throws a `ConfigurationError` naming the key.
 */
export function bindDatabaseSettings(settings: DatabaseSettingsInput): DatabaseSettings {
  return bindSettingsInCode(databaseSettings, settings);
}
