import { BlockList } from 'node:net';
import { embeddedIpv4, formatIpv4, parseIpAddress } from './ip-address.js';

/** Why an address is not one agents may reach. */
export type BlockedAddressKind =
  | 'metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'multicast'
  | 'reserved'
  | 'not-an-address';

/** An address the rules refuse: its kind and the words a refusal uses ("a loopback address"). */
export interface BlockedAddress {
  readonly kind: BlockedAddressKind;
  readonly description: string;
  /** The IPv4 address judged in place of an IPv6 one that carries it (`::ffff:127.0.0.1` → `127.0.0.1`). */
  readonly embedded?: string;
}

interface AddressRule {
  readonly kind: BlockedAddressKind;
  readonly description: string;
  readonly ranges: BlockList;
}

function addressRule(kind: BlockedAddressKind, description: string, ranges: readonly string[]): AddressRule {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = address.includes(':') ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return { kind, description, ranges: list };
}

/**
 * The special-purpose ranges (IANA's IPv4 and IPv6 registries) no agent request may reach,
 * first match named. Cloud metadata services come first so their refusal says what they
 * are. The IPv6 ranges that carry an IPv4 address are not here: the address they carry
 * is judged instead (see `embeddedIpv4`).
 */
const rules: readonly AddressRule[] = [
  addressRule('metadata', 'a cloud metadata address', [
    '169.254.169.254', // AWS, Azure, GCP, OpenStack, DigitalOcean, …
    '169.254.170.2', // AWS ECS task credentials
    '169.254.170.23', // AWS EKS pod identity
    '100.100.100.200', // Alibaba Cloud
    '192.0.0.192', // Oracle Cloud
    'fd00:ec2::254', // AWS over IPv6
    'fd00:ec2::23', // AWS EKS pod identity over IPv6
  ]),
  addressRule('unspecified', 'an unspecified ("this network") address', ['0.0.0.0/8', '::']),
  addressRule('loopback', 'a loopback address', ['127.0.0.0/8', '::1']),
  addressRule('private', 'a private address', [
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.0.0/16',
    'fc00::/7', // unique local
    'fec0::/10', // site-local (deprecated)
    '64:ff9b:1::/48', // local-use NAT64
  ]),
  addressRule('shared', 'a shared (carrier-grade NAT) address', ['100.64.0.0/10']),
  addressRule('link-local', 'a link-local address', ['169.254.0.0/16', 'fe80::/10']),
  addressRule('multicast', 'a multicast address', ['224.0.0.0/4', 'ff00::/8']),
  addressRule('reserved', 'a reserved address', [
    '192.0.0.0/24', // IETF protocol assignments
    '192.0.2.0/24', // documentation
    '192.88.99.0/24', // 6to4 relay anycast (deprecated)
    '198.18.0.0/15', // benchmarking
    '198.51.100.0/24', // documentation
    '203.0.113.0/24', // documentation
    '240.0.0.0/4', // reserved, and the broadcast address
    '::/96', // IPv4-compatible (deprecated)
    '100::/64', // discard-only
    '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
    '2001:db8::/32', // documentation
    '3fff::/20', // documentation
    '5f00::/16', // segment routing identifiers
  ]),
];

/**
 * What makes `address` one an agent may not reach, or `undefined` for a public address.
 * An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64, 6to4) is judged as the
 * IPv4 address it reaches. Text that is not an IP address is refused as such.
 */
export function blockedAddress(address: string): BlockedAddress | undefined {
  const parsed = parseIpAddress(address);
  if (parsed === undefined) return { kind: 'not-an-address', description: 'not an IP address' };
  if (parsed.family === 6) {
    const metadata = matchingRule(address, 'ipv6', rules[0] === undefined ? [] : [rules[0]]);
    if (metadata !== undefined) return metadata;
    const inner = embeddedIpv4(parsed.bytes);
    if (inner !== undefined) {
      const embedded = formatIpv4(inner);
      const found = matchingRule(embedded, 'ipv4', rules);
      return found === undefined ? undefined : { ...found, embedded };
    }
  }
  return matchingRule(address, parsed.family === 4 ? 'ipv4' : 'ipv6', rules);
}

function matchingRule(
  address: string,
  family: 'ipv4' | 'ipv6',
  candidates: readonly AddressRule[],
): BlockedAddress | undefined {
  const bare = (address.startsWith('[') ? address.slice(1, -1) : address).split('%')[0] ?? '';
  const rule = candidates.find((candidate) => candidate.ranges.check(bare, family));
  return rule === undefined ? undefined : { kind: rule.kind, description: rule.description };
}
