import { createHash } from 'node:crypto';
import type pg from 'pg';
import { PostgresEventHubSchemaTooNewError } from './postgres-event-hub-errors.js';

/** Unquoted-identifier rules, so the name can be double-quoted into SQL safely. */
export const schemaNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The layout version of the event hub's tables this release writes and reads. 2: a pending
 * request names the channel its reply goes to (`reply_channel`); tables of version 1 are
 * brought to 2 when a hub prepares them (their pending requests are answered on the schema's
 * channel, as version 1 did).
 */
export const eventHubTablesVersion = 2;

/** The quoted names of the hub's tables in a schema. */
export interface EventHubTables {
  readonly mailbox: string;
  readonly requests: string;
  readonly lastValues: string;
  readonly largeMessages: string;
  readonly version: string;
}

export function eventHubTables(schema: string): EventHubTables {
  const q = `"${schema}"`;
  return {
    mailbox: `${q}.event_hub_mailbox`,
    requests: `${q}.event_hub_requests`,
    lastValues: `${q}.event_hub_last_values`,
    largeMessages: `${q}.event_hub_large_messages`,
    version: `${q}.event_hub_schema_version`,
  };
}

/**
 * The notification channel of a schema's hub: processes sharing a schema share it, and
 * hubs in other schemas of the same database never hear each other. A channel name is an
 * identifier of at most 63 bytes, so a long schema name is hashed.
 */
export function eventHubChannel(schema: string): string {
  const channel = `orkeon_event_hub_${schema}`;
  return channel.length <= 63
    ? channel
    : `orkeon_event_hub_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/**
 * The channel of a mailbox's notices (a post or request waits for it): only the processes
 * that read the mailbox listen to it, so a sender is not woken by its own post.
 */
export function mailboxChannel(schema: string, mailbox: string): string {
  return `orkeon_event_hub_m_${hashed(`${schema}\u0000${mailbox}`)}`;
}

/** The channel of the replies to the requests one hub sent: only that hub listens to it. */
export function replyChannel(schema: string, origin: string): string {
  return `orkeon_event_hub_r_${hashed(`${schema}\u0000${origin}`)}`;
}

function hashed(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}

/**
 * Messages are kept as JSON text, not `jsonb`, so a payload comes back with its keys in the
 * order they were sent. Mailbox rows wait until a reader takes them (FIFO by `seq`);
 * requests until their time-out; large messages (over a notification's 8000 bytes) for
 * the retention the hub is given.
 */
function statements(schema: string): string[] {
  const t = eventHubTables(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS "${schema}"`,
    `CREATE TABLE IF NOT EXISTS ${t.version} (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version integer NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS ${t.mailbox} (
      seq bigserial PRIMARY KEY,
      mailbox text NOT NULL,
      message text NOT NULL,
      posted_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX IF NOT EXISTS event_hub_mailbox_by_address ON ${t.mailbox} (mailbox, seq)`,
    `CREATE TABLE IF NOT EXISTS ${t.requests} (
      correlation_id text PRIMARY KEY,
      requester_crew_id text NOT NULL,
      requester_agent_id text,
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS event_hub_requests_by_expiry ON ${t.requests} (expires_at)`,
    // Version 2; on tables of version 1 this is the migration (their requests keep a null channel).
    `ALTER TABLE ${t.requests} ADD COLUMN IF NOT EXISTS reply_channel text`,
    `CREATE TABLE IF NOT EXISTS ${t.lastValues} (
      crew_scope text NOT NULL,
      key text NOT NULL,
      message text NOT NULL,
      set_at timestamptz NOT NULL,
      PRIMARY KEY (crew_scope, key)
    )`,
    `CREATE TABLE IF NOT EXISTS ${t.largeMessages} (
      id text PRIMARY KEY,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX IF NOT EXISTS event_hub_large_messages_by_age ON ${t.largeMessages} (created_at)`,
  ];
}

/**
 * Creates the schema and tables, or checks those a release wrote, in one transaction under
 * an advisory lock so processes starting together prepare them once. Tables of a newer
 * layout are refused; running it again changes nothing.
 */
export async function prepareEventHubTables(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`orkeon-event-hub:${schema}`]);
    for (const statement of statements(schema)) await client.query(statement);
    const t = eventHubTables(schema);
    const found = await client.query<{ version: number }>(`SELECT version FROM ${t.version}`);
    const version = found.rows[0]?.version ?? 0;
    if (version > eventHubTablesVersion)
      throw new PostgresEventHubSchemaTooNewError(schema, version, eventHubTablesVersion);
    if (version < eventHubTablesVersion)
      await client.query(
        `INSERT INTO ${t.version} (singleton, version) VALUES (true, $1)
         ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version`,
        [eventHubTablesVersion],
      );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
