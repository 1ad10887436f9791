import { redactedText } from '@orkeon/core';
import { PostgresMemoryOptionsError } from './postgres-memory-errors.js';

const schemes = new Set(['postgres', 'postgresql', 'socket']);

// The value is never part of a message: it may hold a password.
const shapes =
  "give a URL such as 'postgresql://user:password@host:5432/database' (or 'socket://user@/var/run/postgresql?db=database'); the value is not shown here, as it may hold a password";

/** The connection string's URL when the store can use it; else `PostgresMemoryOptionsError`, without quoting it. */
export function checkedConnectionString(text: string): URL {
  const trimmed = text.trim();
  if (trimmed === '') throw new PostgresMemoryOptionsError(`the connection string is empty: ${shapes}`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new PostgresMemoryOptionsError(`the connection string is not a URL: ${shapes}`);
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!schemes.has(scheme))
    throw new PostgresMemoryOptionsError(
      `the connection string's scheme is '${scheme}', not postgresql, postgres or socket: ${shapes}`,
    );
  return url;
}

/** `postgresql://user@host:port/database`: where the store connects, without the password, for messages and logs. */
export function describePostgresTarget(connectionString: string): string {
  try {
    const url = checkedConnectionString(connectionString);
    const user = url.username === '' ? '' : `${url.username}@`;
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return 'the configured PostgreSQL server';
  }
}

/** `text` with the connection string and its password, in any spelling, replaced by `[REDACTED]`. */
export function withoutConnectionSecrets(text: string, connectionString: string | undefined): string {
  if (connectionString === undefined || connectionString === '') return text;
  const secrets = [connectionString, connectionString.trim()];
  try {
    const password = new URL(connectionString.trim()).password;
    if (password !== '') secrets.push(password, safeDecode(password));
  } catch {
    // Not a URL: only the whole string is known to be secret.
  }
  let scrubbed = text;
  for (const secret of secrets.filter((value) => value.length > 0).sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.split(secret).join(redactedText);
  }
  return scrubbed;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
