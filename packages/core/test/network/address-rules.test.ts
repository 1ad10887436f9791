import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockedAddress, parseIpAddress } from '../../src/index.js';

describe('blockedAddress', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['64:ff9b:1::1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(blockedAddress(address)?.kind).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
    ['::ffff:169.254.169.254', 'metadata', undefined],
    ['::ffff:0:10.0.0.1', 'private', '10.0.0.1'],
    ['64:ff9b::127.0.0.1', 'loopback', '127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'metadata', '169.254.169.254'],
    ['2002:7f00:1::', 'loopback', '127.0.0.1'],
    ['2002:c0a8:0101::1', 'private', '192.168.1.1'],
  ])('judges %s by the IPv4 address it carries', (address, kind, embedded) => {
    const blocked = blockedAddress(address);
    expect(blocked?.kind).toBe(kind);
    if (embedded !== undefined) expect(blocked?.embedded).toBe(embedded);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(blockedAddress(address)).toBeUndefined();
  });

  it.each(['localhost', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '', '1.2.3.4.5', ':::1'])(
    'refuses %j as not an address (legacy forms are normalised by the URL parser or judged after resolution)',
    (text) => {
      expect(blockedAddress(text)?.kind).toBe('not-an-address');
    },
  );

  it('refuses every address of 127/8, 10/8 and 169.254/16, also IPv4-mapped and through NAT64 and 6to4', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom(127, 10, 169), octet, octet, octet, (first, b, c, d) => {
        const address = first === 169 ? `169.254.${c}.${d}` : `${first}.${b}.${c}.${d}`;
        const kind = blockedAddress(address)?.kind;
        expect(kind).toBeDefined();
        const high = (Number(address.split('.')[0]) << 8) | Number(address.split('.')[1]);
        const low = (Number(address.split('.')[2]) << 8) | Number(address.split('.')[3]);
        const hex = `${high.toString(16)}:${low.toString(16)}`;
        for (const carrier of [`::ffff:${address}`, `::ffff:${hex}`, `64:ff9b::${hex}`, `2002:${hex}::1`])
          expect(blockedAddress(carrier)?.kind, carrier).toBe(kind);
      }),
    );
  });

  it('judges an IPv4-mapped address exactly as the IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(blockedAddress(`::ffff:${address}`)?.kind).toBe(blockedAddress(address)?.kind);
      }),
    );
  });

  it('parses any IPv6 text into 16 bytes that print back to the same address', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const parsed = parseIpAddress(address);
        expect(parsed?.family).toBe(6);
        const words = [];
        for (let index = 0; index < 16; index += 2)
          words.push((((parsed?.bytes[index] ?? 0) << 8) | (parsed?.bytes[index + 1] ?? 0)).toString(16));
        expect(new URL(`http://[${words.join(':')}]/`).hostname).toBe(new URL(`http://[${address}]/`).hostname);
      }),
    );
  });
});
