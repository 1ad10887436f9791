import { BlockList, isIP } from 'node:net';
import { type NetworkCheck, networkAllowed, networkRefused } from './network-refusal.js';

/** One `AllowedHosts` entry: a host (or `*.` and a domain for its subdomains) and, optionally, one port. */
interface AllowedHost {
  readonly host: string;
  readonly subdomains: boolean;
  readonly port?: string;
}

const hostNamePattern = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;

/** `Example.COM.` as `example.com`, `[::1]` as `::1`. */
export function normalHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare.replace(/\.$/, '').toLowerCase();
}

/**
 * Reads an allowed host: `api.example.com`, `*.example.com` (its subdomains, not itself),
 * `localhost:8080`, `127.0.0.1`, `[::1]:9000`. A malformed entry is refused with the fix.
 */
export function parseAllowedHost(entry: string): NetworkCheck<AllowedHost> {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  let host: string;
  let port: string | undefined;
  if (bracketed !== null) [, host = '', port] = bracketed;
  else if (isIP(text) === 6) host = text;
  else [host = '', port] = text.split(/:(?=\d{1,5}$)/);
  const subdomains = host.startsWith('*.');
  const name = normalHost(subdomains ? host.slice(2) : host);
  const family = isIP(name);
  const validHost = bracketed !== null ? family === 6 : family !== 0 || hostNamePattern.test(name);
  const validPort = port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
  const valid = validHost && validPort && !(subdomains && family !== 0);
  if (!valid)
    return networkRefused(
      'NETWORK_ALLOWLIST_INVALID',
      `Allowed host '${entry}' is not a host: write a name ('api.example.com'), '*.' and a domain for its subdomains, an address ('10.0.0.5', '[fd00::5]'), each with an optional ':port'.`,
    );
  return networkAllowed(port === undefined ? { host: name, subdomains } : { host: name, subdomains, port });
}

/**
 * Reads an allowed range: `10.0.0.0/8`, `fd00::/8`, or one address. A malformed entry is
 * refused with the fix.
 */
export function parseAllowedRange(entry: string): NetworkCheck<{ address: string; prefix: number; family: 4 | 6 }> {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= bits))
    return networkRefused(
      'NETWORK_ALLOWLIST_INVALID',
      `Allowed range '${entry}' is not an address range: write an address and a prefix length ('10.0.0.0/8', 'fd00::/8') or one address.`,
    );
  return networkAllowed({ address, prefix, family: family as 4 | 6 });
}

/** The hosts and address ranges an operator let through, whatever the address rules say. */
export class NetworkAllowlist {
  readonly #hosts: readonly AllowedHost[];
  readonly #ranges = new BlockList();
  readonly #hasRanges: boolean;

  private constructor(
    hosts: readonly AllowedHost[],
    ranges: readonly { address: string; prefix: number; family: 4 | 6 }[],
  ) {
    this.#hosts = hosts;
    for (const range of ranges)
      this.#ranges.addSubnet(range.address, range.prefix, range.family === 4 ? 'ipv4' : 'ipv6');
    this.#hasRanges = ranges.length > 0;
  }

  /** The allow-list of these entries, or the first malformed entry refused. */
  static parse(hosts: readonly string[], ranges: readonly string[]): NetworkCheck<NetworkAllowlist> {
    const parsedHosts: AllowedHost[] = [];
    for (const entry of hosts) {
      const parsed = parseAllowedHost(entry);
      if (!parsed.ok) return parsed;
      parsedHosts.push(parsed.value);
    }
    const parsedRanges: { address: string; prefix: number; family: 4 | 6 }[] = [];
    for (const entry of ranges) {
      const parsed = parseAllowedRange(entry);
      if (!parsed.ok) return parsed;
      parsedRanges.push(parsed.value);
    }
    return networkAllowed(new NetworkAllowlist(parsedHosts, parsedRanges));
  }

  /**
   * True when `host` is allowed: on `port` when one is given (an entry without a port
   * allows every port), or, without `port`, by an entry that allows every port.
   */
  allowsHost(host: string, port?: string): boolean {
    const name = normalHost(host);
    return this.#hosts.some(
      (entry) =>
        (entry.subdomains ? name.endsWith(`.${entry.host}`) : name === entry.host) &&
        (entry.port === undefined || entry.port === port),
    );
  }

  /** True when `address` lies in an allowed range. */
  allowsAddress(address: string): boolean {
    if (!this.#hasRanges) return false;
    const bare = normalHost(address);
    const family = isIP(bare);
    return family !== 0 && this.#ranges.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  }
}
