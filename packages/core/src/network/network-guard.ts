import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedAddress } from './address-rules.js';
import { guardedLookupFunction } from './guarded-lookup.js';
import { NetworkAllowlist, normalHost } from './network-allowlist.js';
import {
  type NetworkCheck,
  NetworkGuardOptionsError,
  type NetworkRefusal,
  networkAllowed,
  networkRefused,
} from './network-refusal.js';

/** Every address a host name resolves to (the shape of `dns.lookup(host, { all: true })`). */
export type HostResolver = (host: string) => Promise<readonly LookupAddress[]>;

export interface NetworkGuardOptions {
  /** Hosts let through whatever they resolve to: `api.example.com`, `*.example.com`, `localhost:8080`. */
  readonly allowedHosts?: readonly string[];
  /** Address ranges let through: `10.0.0.0/8`, `fd00::/8`, or single addresses. */
  readonly allowedRanges?: readonly string[];
  /** Resolves host names. Default: the system resolver (`dns.lookup`, every address, in its order). */
  readonly resolve?: HostResolver;
  /** URL schemes `checkUrl` accepts. Default: `http:` and `https:`. */
  readonly schemes?: readonly string[];
  /** Ports `checkUrl` refuses (an allowed host on that port excepted). Default: none. */
  readonly blockedPorts?: readonly number[];
  /** Domains `checkUrl` refuses, each with its subdomains (`example.com` blocks `www.example.com`). Default: none. */
  readonly blockedDomains?: readonly string[];
}

/** A URL the guard accepted, and whether an allowed host let it through (its addresses are then not judged). */
export interface GuardedUrl {
  readonly url: URL;
  readonly hostAllowed: boolean;
}

const systemResolver: HostResolver = (host) => systemLookup(host, { all: true, order: 'verbatim' });
const defaultPorts: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * The server-side request forgery guard every tool and loader that reaches the network
 * shares. It refuses URLs that are not http(s), addresses agents may not reach (loopback,
 * private, link-local, cloud metadata, … also inside IPv6), and host names that resolve
 * to one. Its `lookup` resolves once, judges every answer and hands the connection an
 * address it judged, so a name that changes its answer between check and connection
 * (DNS rebinding) cannot lead anywhere unchecked. Operators widen it with allowed hosts
 * and address ranges; refusals are results (`NetworkCheck`) or `NetworkRefusedError`.
 */
export class NetworkGuard {
  readonly #allowlist: NetworkAllowlist;
  readonly #resolve: HostResolver;
  readonly #schemes: readonly string[];
  readonly #blockedPorts: ReadonlySet<string>;
  readonly #blockedDomains: readonly string[];
  /** For `net.connect` and HTTP agents: refuses a name resolving to a blocked address. */
  readonly lookup: LookupFunction;
  /**
   * The same single resolution without the address rules, for a connection to a host the
   * caller found allowed (`allowsHost(host, port)`) on the port it connects to.
   */
  readonly trustedLookup: LookupFunction;

  /** Throws `NetworkGuardOptionsError` (`NETWORK_ALLOWLIST_INVALID`) for a malformed allowed host or range. */
  constructor(options: NetworkGuardOptions = {}) {
    const allowlist = NetworkAllowlist.parse(options.allowedHosts ?? [], options.allowedRanges ?? []);
    if (!allowlist.ok) throw new NetworkGuardOptionsError(allowlist);
    this.#allowlist = allowlist.value;
    this.#resolve = options.resolve ?? systemResolver;
    this.#schemes = (options.schemes ?? ['http:', 'https:']).map((scheme) => scheme.toLowerCase());
    this.#blockedPorts = new Set((options.blockedPorts ?? []).map(String));
    this.#blockedDomains = (options.blockedDomains ?? []).map((domain) => normalHost(domain).replace(/^\*?\./, ''));
    this.lookup = guardedLookupFunction((host) => this.resolveChecked(host));
    this.trustedLookup = guardedLookupFunction((host) => this.resolveChecked(host, { trusted: true }));
  }

  /**
   * Judges a URL without resolving it: an absolute URL with an accepted scheme and no
   * credentials, whose host is allowed, or is a name (judged when it is resolved), or is
   * an address agents may reach.
   */
  checkUrl(url: string | URL): NetworkCheck<GuardedUrl> {
    const text = String(url);
    if (!URL.canParse(text))
      return networkRefused(
        'NETWORK_URL_INVALID',
        `'${shorten(text)}' is not an absolute URL: write it as https://host/path.`,
      );
    const parsed = new URL(text);
    if (!this.#schemes.includes(parsed.protocol))
      return networkRefused(
        'NETWORK_SCHEME_UNSUPPORTED',
        `The URL uses ${parsed.protocol.slice(0, -1)}: only ${this.#schemes.map((scheme) => `${scheme}//`).join(' and ')} URLs are fetched.`,
      );
    if (parsed.username !== '' || parsed.password !== '')
      return networkRefused(
        'NETWORK_CREDENTIALS_REFUSED',
        'The URL carries a user name or password: leave them out of the URL and send credentials in a header.',
      );
    const port = parsed.port === '' ? (defaultPorts[parsed.protocol] ?? '') : parsed.port;
    if (this.allowsHost(parsed.hostname, port)) return networkAllowed({ url: parsed, hostAllowed: true });
    const host = normalHost(parsed.hostname);
    if (this.#blockedPorts.has(port))
      return networkRefused(
        'NETWORK_PORT_BLOCKED',
        `Port ${port} (${host}) serves a service agents may not reach through a URL; an operator can allow '${host}:${port}' as an allowed host.`,
      );
    const domain = this.#blockedDomains.find((blocked) => host === blocked || host.endsWith(`.${blocked}`));
    if (domain !== undefined)
      return networkRefused('NETWORK_DOMAIN_BLOCKED', `The domain ${domain} is blocked by the operator (${host}).`);
    if (isIP(host) !== 0) {
      const refusal = this.checkAddress(host);
      if (refusal !== undefined) return networkRefused(refusal.code, refusal.message);
    }
    return networkAllowed({ url: parsed, hostAllowed: false });
  }

  /** Why `address` may not be reached, or `undefined` when it may (public, or in an allowed range). */
  checkAddress(address: string, host?: string): NetworkRefusal | undefined {
    if (this.#allowlist.allowsAddress(address)) return undefined;
    const blocked = blockedAddress(address);
    if (blocked === undefined) return undefined;
    const bare = normalHost(address);
    const carried = blocked.embedded === undefined ? '' : ` (it carries ${blocked.embedded})`;
    const subject =
      host === undefined || normalHost(host) === bare
        ? `${bare}${carried} is`
        : `'${host}' resolves to ${bare}${carried},`;
    return {
      code: 'NETWORK_ADDRESS_BLOCKED',
      message: `${subject} ${blocked.description}, which agents may not reach. An operator can allow it with an allowed host or address range.`,
    };
  }

  /** True when an allowed host entry lets `host` through (on `port`, when given). */
  allowsHost(host: string, port?: string): boolean {
    return this.#allowlist.allowsHost(host, port);
  }

  /**
   * Resolves `host` once and judges every address (one blocked address refuses the host:
   * a mixed answer is how rebinding starts). `trusted` skips the judging for a host the
   * caller allowed. An address given as the host is judged as it is, without resolving.
   */
  async resolveChecked(
    host: string,
    options: { readonly trusted?: boolean } = {},
  ): Promise<NetworkCheck<readonly LookupAddress[]>> {
    const name = normalHost(host);
    const family = isIP(name);
    const trusted = options.trusted === true || this.#allowlist.allowsHost(name);
    if (family !== 0) {
      const refusal = trusted ? undefined : this.checkAddress(name);
      return refusal === undefined
        ? networkAllowed([{ address: name, family }])
        : networkRefused(refusal.code, refusal.message);
    }
    let addresses: readonly LookupAddress[];
    try {
      addresses = await this.#resolve(name);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return networkRefused(
        'NETWORK_HOST_UNRESOLVED',
        `The host '${name}' does not resolve${typeof code === 'string' ? ` (${code})` : ''}: check its spelling.`,
      );
    }
    if (addresses.length === 0)
      return networkRefused(
        'NETWORK_HOST_UNRESOLVED',
        `The host '${name}' resolves to no address: check its spelling.`,
      );
    if (!trusted) {
      for (const { address } of addresses) {
        const refusal = this.checkAddress(address, name);
        if (refusal !== undefined) return networkRefused(refusal.code, refusal.message);
      }
    }
    return networkAllowed(addresses);
  }
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
