import type { DatabaseConnection } from '../connections/database-connection.js';
import { connectionKey } from '../connections/database-connection.js';
import { DatabaseToolError } from '../errors/database-tool-error.js';
import { kindTitles } from '../settings/connection-kinds.js';
import { cancelledMessage, StatementStoppedError, timeoutMessageFor } from '../sql/sql-driver.js';

/** Largest answer read from a graph server; a bigger one is refused rather than held in memory. */
export const maxAnswerBytes = 32 * 1024 * 1024;

/** A graph server's HTTP address, with the credentials of its URL moved into an Authorization header. */
export interface HttpEndpoint {
  /** The address without user and password, ending without a slash. */
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Reads an ArcadeDB or Gremlin Server connection string, `http(s)://user:password@host:port`.
 * Throws `DATABASE_CONNECTION_STRING_INVALID` (never quoting the string) when it is not one.
 */
export function httpEndpointOf(connection: DatabaseConnection): HttpEndpoint {
  let url: URL;
  try {
    url = new URL(connection.connectionString);
  } catch {
    throw invalid(connection, 'it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid(connection, 'it must start with http:// or https://');
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (url.username !== '' || url.password !== '') {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return { baseUrl: url.toString().replace(/\/+$/, ''), headers };
}

function invalid(connection: DatabaseConnection, why: string): DatabaseToolError {
  return new DatabaseToolError(
    'DATABASE_CONNECTION_STRING_INVALID',
    `The ${kindTitles[connection.kind]} connection string of '${connection.name}' cannot be used: ${why}. Set ${connectionKey(connection.name, 'ConnectionString')} to the server's address, e.g. http://user:password@localhost:${connection.kind === 'arcadedb' ? 2480 : 8182}.`,
  );
}

/** What a graph server answered: its status and its JSON body (or undefined when the body is not JSON). */
export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * POSTs JSON to the server with the connection's time limit and the call's signal,
 * reading at most `maxAnswerBytes`. A timeout or a cancel becomes a
 * `StatementStoppedError`; network errors are thrown as they are.
 */
export async function postJson(
  endpoint: HttpEndpoint,
  path: string,
  body: unknown,
  connection: DatabaseConnection,
  signal: AbortSignal,
): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(connection.settings.TimeoutSeconds * 1_000);
  const combined = AbortSignal.any([signal, timeout]);
  try {
    const response = await fetch(`${endpoint.baseUrl}${path}`, {
      method: 'POST',
      headers: endpoint.headers,
      body: JSON.stringify(body),
      signal: combined,
      redirect: 'error',
    });
    const text = await readLimited(response);
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    if (signal.aborted) throw new StatementStoppedError(cancelledMessage);
    if (timeout.aborted)
      throw new StatementStoppedError(timeoutMessageFor(connection.name, connection.settings.TimeoutSeconds));
    throw error;
  }
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxAnswerBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxAnswerBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(): Error {
  return new Error(
    `The server's answer is larger than ${maxAnswerBytes / 1024 / 1024} MB, so it was not read: add a LIMIT (or limit()) to the query.`,
  );
}
