import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { PushAddressRefusedError } from './push-errors.js';
import { blockedAddressRule } from './webhook-address-rules.js';

/** Every address a host name resolves to. */
export type HostResolver = (host: string) => Promise<readonly LookupAddress[]>;

/** Which webhook hosts may be reached. */
export interface WebhookTargetPolicy {
  /** Host names (or addresses) let through whatever they resolve to (`A2A:PushNotifications:AllowedHosts`). */
  readonly allowedHosts: readonly string[];
  /** Default: the system resolver (`dns.lookup`, every address). */
  readonly resolve?: HostResolver;
}

const systemResolver: HostResolver = (host) => lookup(host, { all: true, order: 'verbatim' });

/** `Example.COM.` and `[::1]` as `example.com` and `::1`. */
function normalHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isAllowed(host: string, policy: WebhookTargetPolicy): boolean {
  const name = normalHost(host);
  return policy.allowedHosts.some((allowed) => normalHost(allowed) === name);
}

/** The host's addresses, refused with `PushAddressRefusedError` when one of them is not public. */
async function checkedAddresses(host: string, policy: WebhookTargetPolicy): Promise<readonly LookupAddress[]> {
  const addresses = await (policy.resolve ?? systemResolver)(host);
  if (isAllowed(host, policy)) return addresses;
  for (const { address } of addresses) {
    const rule = blockedAddressRule(address);
    if (rule !== undefined) throw new PushAddressRefusedError(host, `resolves to ${address}, ${rule}`);
  }
  return addresses;
}

/**
 * Why `url` may not receive webhooks, or `undefined` when it may: it must be an absolute
 * http(s) URL whose host is public, or named in `allowedHosts`. An address in the URL is
 * judged as it is; a host name is resolved (every address must be public) unless
 * `resolveNames` is false, for the check before each delivery, where `guardedLookup`
 * judges the name at connect time instead.
 */
export async function webhookUrlRefusal(
  url: string,
  policy: WebhookTargetPolicy,
  options: { readonly resolveNames: boolean },
): Promise<string | undefined> {
  if (!URL.canParse(url)) return 'url is not an absolute URL: give the webhook as https://host/path.';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return `url uses ${parsed.protocol.slice(0, -1)}: webhooks are https:// (or http://) URLs.`;
  const host = normalHost(parsed.hostname);
  if (isAllowed(host, policy)) return undefined;
  if (isIP(host) !== 0) {
    const rule = blockedAddressRule(host);
    return rule === undefined ? undefined : new PushAddressRefusedError(host, `is ${rule}`).message;
  }
  if (!options.resolveNames) return undefined;
  try {
    await checkedAddresses(host, policy);
    return undefined;
  } catch (error) {
    if (PushAddressRefusedError.isInstance(error)) return error.message;
    const code = (error as { code?: unknown }).code;
    return `The webhook host '${host}' does not resolve${typeof code === 'string' ? ` (${code})` : ''}: check the host name of url.`;
  }
}

/**
 * A `lookup` for `net.connect` that resolves a webhook host and refuses it unless every
 * address is public (or the host is allowed), then connects to an address it checked: the
 * check and the connection use the same answer, so a DNS record that changes in between
 * (DNS rebinding) cannot steer the request to a private address.
 */
export function guardedLookup(policy: WebhookTargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const family =
          options.family === 4 || options.family === 'IPv4'
            ? 4
            : options.family === 6 || options.family === 'IPv6'
              ? 6
              : undefined;
        const usable = addresses.filter((entry) => family === undefined || entry.family === family);
        const first = usable[0];
        if (first === undefined) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (options.all === true) callback(null, [...usable]);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
