import { RedisMemoryOptionsError } from './redis-memory-errors.js';

/** Where the server is and how to sign in, read from a connection string. */
export interface RedisServerAddress {
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
  /** The database the string names (`redis://…/2`, `defaultDatabase=2`); absent when it names none. */
  readonly database?: number;
  /** `rediss://` or `ssl=true`. */
  readonly tls: boolean;
}

export const defaultRedisPort = 6379;

/** The options after `host:port,` the store understands (StackExchange.Redis spells them so). */
const optionNames = ['password', 'user', 'ssl', 'defaultdatabase'] as const;

// The value is never part of a message: it may hold a password.
const shapes =
  "give 'host:port' (optionally followed by ',password=…', ',user=…', ',ssl=true', ',defaultDatabase=N') or a URL 'redis://[user:password@]host:port[/database]' ('rediss://' for TLS); the value is not shown here, as it may hold a password";

/**
 * Reads `host`, `host:port`, `[::1]:port`, `host:port,password=…,user=…,ssl=true,defaultDatabase=N`
 * or `redis://[user[:password]@]host[:port][/database]` (`rediss://` for TLS). The port
 * defaults to 6379. A string it cannot read throws `RedisMemoryOptionsError` without
 * quoting the string.
 */
export function parseRedisConnectionString(text: string): RedisServerAddress {
  const trimmed = text.trim();
  if (trimmed === '') throw new RedisMemoryOptionsError(`the connection string is empty: ${shapes}`);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? fromUrl(trimmed) : fromHostAndOptions(trimmed);
}

/** `redis://host:port/database`, without user name or password: what messages and logs show. */
export function displayRedisServer(address: RedisServerAddress, database: number): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `${address.tls ? 'rediss' : 'redis'}://${host}:${address.port}/${database}`;
}

function fromUrl(text: string): RedisServerAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RedisMemoryOptionsError(`the connection string is not a valid URL: ${shapes}`);
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme !== 'redis' && scheme !== 'rediss')
    throw new RedisMemoryOptionsError(`the connection string's scheme is '${scheme}', not redis or rediss: ${shapes}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new RedisMemoryOptionsError(`the connection string names no host: ${shapes}`);
  if (url.search !== '' || url.hash !== '')
    throw new RedisMemoryOptionsError(
      `the connection string has a query or fragment, which the store does not read: ${shapes}`,
    );
  const path = url.pathname.replace(/^\//, '');
  const username = decoded(url.username, 'user name');
  const password = decoded(url.password, 'password');
  return {
    host,
    port: url.port === '' ? defaultRedisPort : checkedPort(url.port),
    ...(username === '' ? {} : { username }),
    ...(password === '' ? {} : { password }),
    ...(path === '' ? {} : { database: checkedDatabaseText(path) }),
    tls: scheme === 'rediss',
  };
}

function fromHostAndOptions(text: string): RedisServerAddress {
  const [endpoint = '', ...options] = text.split(',').map((part) => part.trim());
  const match = /^(?:\[([^\]]+)\]|([^:[\]\s/@]+))(?::(\d+))?$/.exec(endpoint);
  if (match === null)
    throw new RedisMemoryOptionsError(`the connection string does not start with a host or host:port: ${shapes}`);
  const host = match[1] ?? match[2] ?? '';
  let address: { -readonly [K in keyof RedisServerAddress]: RedisServerAddress[K] } = {
    host,
    port: match[3] === undefined ? defaultRedisPort : checkedPort(match[3]),
    tls: false,
  };
  for (const option of options) {
    const equals = option.indexOf('=');
    const name = (equals < 0 ? option : option.slice(0, equals)).trim().toLowerCase();
    const value = equals < 0 ? '' : option.slice(equals + 1).trim();
    if (equals < 0 || !(optionNames as readonly string[]).includes(name)) {
      // Another endpoint, or an option of another client: neither is read, so neither is ignored silently.
      const what = equals < 0 ? 'a second server or an option without a value' : `the option '${name}'`;
      throw new RedisMemoryOptionsError(`the connection string has ${what}, which the store does not read: ${shapes}`);
    }
    if (name === 'password') address = { ...address, password: value };
    else if (name === 'user') address = { ...address, username: value };
    else if (name === 'defaultdatabase') address = { ...address, database: checkedDatabaseText(value) };
    else if (/^(true|false)$/i.test(value)) address = { ...address, tls: value.toLowerCase() === 'true' };
    else throw new RedisMemoryOptionsError(`the connection string's option 'ssl' is not true or false: ${shapes}`);
  }
  return address;
}

function checkedPort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65_535)
    throw new RedisMemoryOptionsError(`the connection string's port is not a number from 1 to 65535: ${shapes}`);
  return port;
}

function checkedDatabaseText(text: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw new RedisMemoryOptionsError(
      `the connection string's database is not a whole number of 0 or more (redis://host:port/2): ${shapes}`,
    );
  return Number(text);
}

function decoded(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new RedisMemoryOptionsError(`the connection string's ${what} is not valid percent-encoding: ${shapes}`);
  }
}
