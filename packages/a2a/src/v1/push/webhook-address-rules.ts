import { BlockList, isIP } from 'node:net';

interface AddressRule {
  /** What an address of the rule is, as a refusal names it ("a loopback address"). */
  readonly name: string;
  readonly list: BlockList;
}

function rule(name: string, ranges: readonly string[]): AddressRule {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = address.includes(':') ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return { name, list };
}

/**
 * The addresses a webhook may not reach, first match named. Metadata services come first
 * so their refusal says what they are, not merely "link-local". A `BlockList` also matches
 * an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the IPv4 ranges.
 */
const rules: readonly AddressRule[] = [
  rule('a cloud metadata address', [
    '169.254.169.254',
    '169.254.170.2',
    '169.254.170.23',
    '100.100.100.200',
    '192.0.0.192',
    'fd00:ec2::254',
  ]),
  rule('an unspecified address', ['0.0.0.0/8', '::']),
  rule('a loopback address', ['127.0.0.0/8', '::1']),
  rule('a private address', [
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.0.0/16',
    'fc00::/7',
    'fec0::/10',
    '64:ff9b:1::/48',
  ]),
  rule('a shared (carrier-grade NAT) address', ['100.64.0.0/10']),
  rule('a link-local address', ['169.254.0.0/16', 'fe80::/10']),
  rule('a multicast address', ['224.0.0.0/4', 'ff00::/8']),
  rule('a reserved address', [
    '192.0.0.0/24',
    '192.0.2.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
    '::/96',
    '100::/64',
    '2001:db8::/32',
  ]),
];

/**
 * What makes `address` one a webhook may not reach ("a loopback address"), or
 * `undefined` for a public address. An IPv4 address carried inside IPv6 (NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) is judged as the IPv4 address it reaches.
 * Anything that is not an IP address is refused as such.
 */
export function blockedAddressRule(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const embedded = family === 6 ? embeddedIpv4(bare) : undefined;
  if (embedded !== undefined) return blockedAddressRule(embedded);
  return rules.find((candidate) => candidate.list.check(bare, type))?.name;
}

/** The IPv4 address inside a NAT64 or 6to4 address, else `undefined`. */
function embeddedIpv4(address: string): string | undefined {
  const words = ipv6Words(address);
  if (words === undefined) return undefined;
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [number, number, number, number, number, number, number, number];
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return dotted(w6, w7);
  if (w0 === 0x2002) return dotted(w1, w2);
  return undefined;
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit words of an IPv6 address (`::` and a trailing dotted quad allowed). */
function ipv6Words(address: string): number[] | undefined {
  let text = address;
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad !== null) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':'));
  const head = words(halves[0]);
  const tail = words(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (all.some((word) => !/^[0-9a-fA-F]{1,4}$/.test(word))) return undefined;
  return all.map((word) => Number.parseInt(word, 16));
}
