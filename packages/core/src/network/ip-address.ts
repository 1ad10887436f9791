import { isIP } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

/**
 * The bytes of an IP address written the standard way (`192.0.2.1`, `2001:db8::1`,
 * `::ffff:192.0.2.1`, `[::1]`); a zone (`%eth0`) is dropped. `undefined` for anything else,
 * including the legacy IPv4 forms (`2130706433`, `0177.0.0.1`): a URL parser turns those
 * into dotted quads first, and a name a resolver answers is judged by its answer.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const bare = stripBrackets(text).split('%')[0] ?? '';
  const family = isIP(bare);
  if (family === 4) return { family, bytes: Uint8Array.from(bare.split('.').map(Number)) };
  if (family === 6) {
    const bytes = ipv6Bytes(bare);
    return bytes === undefined ? undefined : { family, bytes };
  }
  return undefined;
}

/** `[::1]` as `::1`; other text unchanged. */
export function stripBrackets(text: string): string {
  return text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
}

export function formatIpv4(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 4)).join('.');
}

/** The 16 bytes of an IPv6 address checked by `isIP` (so `::` appears at most once). */
function ipv6Bytes(address: string): Uint8Array | undefined {
  let text = address;
  // A trailing dotted quad (`::ffff:10.0.0.1`) becomes two hexadecimal words.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad !== null) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headWords = head === '' ? [] : head.split(':');
  const tailWords = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headWords.length - tailWords.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const words = [...headWords, ...Array<string>(missing).fill('0'), ...tailWords];
  const bytes = new Uint8Array(16);
  for (const [index, word] of words.entries()) {
    const value = Number.parseInt(word, 16);
    if (!/^[0-9a-f]{1,4}$/i.test(word)) return undefined;
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  }
  return bytes;
}

/**
 * The IPv4 address an IPv6 address leads to, for the forms that carry one a packet can
 * reach: IPv4-mapped (`::ffff:0:0/96`), IPv4-translated (`::ffff:0:0:0/96`), NAT64
 * (`64:ff9b::/96`) and 6to4 (`2002::/16`). `undefined` for other addresses.
 */
export function embeddedIpv4(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.length !== 16) return undefined;
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  const word = (index: number) => ((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0);
  if (zeros(0, 10) && word(5) === 0xffff) return bytes.slice(12, 16);
  if (zeros(0, 8) && word(4) === 0xffff && word(5) === 0) return bytes.slice(12, 16);
  if (word(0) === 0x64 && word(1) === 0xff9b && zeros(4, 12)) return bytes.slice(12, 16);
  if (word(0) === 0x2002) return bytes.slice(2, 6);
  return undefined;
}
