import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { connect, createServer, type LookupFunction, type Server } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HostResolver,
  NetworkGuard,
  NetworkGuardOptionsError,
  NetworkRefusedError,
  parseAllowedHost,
  parseAllowedRange,
} from '../../src/index.js';

/** A resolver for names of the test: `metadata.test`, `rebind.test` (public, then loopback), `mixed.test`. */
function testResolver(): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const answers: Record<string, () => LookupAddress[]> = {
    'public.test': () => [{ address: '93.184.216.34', family: 4 }],
    'metadata.test': () => [{ address: '169.254.169.254', family: 4 }],
    'loopback.test': () => [{ address: '127.0.0.1', family: 4 }],
    'mixed.test': () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'dual.test': () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ],
    'rebind.test': () =>
      calls.filter((name) => name === 'rebind.test').length === 1
        ? [{ address: '93.184.216.34', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }],
  };
  const resolve = async (host: string) => {
    calls.push(host);
    const answer = answers[host];
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer();
  };
  return Object.assign(resolve, { calls });
}

function lookupOnce(
  lookup: LookupFunction,
  host: string,
  options: { all?: boolean; family?: number } = {},
): Promise<{ error: unknown; address?: unknown; family?: unknown }> {
  return new Promise((resolve) => {
    lookup(host, options as never, (error, address, family) => resolve({ error, address, family }));
  });
}

describe('NetworkGuard.checkUrl', () => {
  const guard = new NetworkGuard({ resolve: testResolver() });

  it.each([
    ['file:///etc/passwd', 'NETWORK_SCHEME_UNSUPPORTED'],
    ['gopher://127.0.0.1:6379/_FLUSHALL', 'NETWORK_SCHEME_UNSUPPORTED'],
    ['ftp://example.com/', 'NETWORK_SCHEME_UNSUPPORTED'],
    ['data:text/plain,hi', 'NETWORK_SCHEME_UNSUPPORTED'],
    ['javascript:alert(1)', 'NETWORK_SCHEME_UNSUPPORTED'],
    ['/relative/path', 'NETWORK_URL_INVALID'],
    ['http://', 'NETWORK_URL_INVALID'],
    ['https://user:secret@example.com/', 'NETWORK_CREDENTIALS_REFUSED'],
    ['http://127.0.0.1/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://[::1]/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://[::ffff:127.0.0.1]/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://[::ffff:7f00:1]:8080/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://2130706433/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://0177.0.0.1/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://0x7f.0.0.1/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://127.1/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://169.254.169.254/latest/meta-data/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://[fd00:ec2::254]/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://0.0.0.0:8080/', 'NETWORK_ADDRESS_BLOCKED'],
    ['http://100.64.1.1/', 'NETWORK_ADDRESS_BLOCKED'],
  ])('refuses %s with %s', (url, code) => {
    const checked = guard.checkUrl(url);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.code).toBe(code);
  });

  it('names the address and what it is, and the fix', () => {
    const checked = guard.checkUrl('http://169.254.169.254/latest/meta-data/');
    expect(checked).toMatchObject({
      ok: false,
      message:
        '169.254.169.254 is a cloud metadata address, which agents may not reach. An operator can allow it with an allowed host or address range.',
    });
    expect(guard.checkUrl('http://[::ffff:127.0.0.1]/')).toMatchObject({
      message: expect.stringContaining('::ffff:7f00:1 (it carries 127.0.0.1) is a loopback address'),
    });
  });

  it('accepts public addresses and names, which are judged when they are resolved', () => {
    expect(guard.checkUrl('https://example.com/a?b=c')).toMatchObject({ ok: true, value: { hostAllowed: false } });
    expect(guard.checkUrl('http://8.8.8.8/')).toMatchObject({ ok: true });
    expect(guard.checkUrl('http://metadata.test/')).toMatchObject({ ok: true });
  });

  it('lets allowed hosts through on their port only, and allowed ranges on any port', () => {
    const allowing = new NetworkGuard({
      allowedHosts: ['localhost:8080', '[::1]:9000', '*.corp.test'],
      allowedRanges: ['10.0.0.0/8'],
    });
    expect(allowing.checkUrl('http://LOCALHOST.:8080/')).toMatchObject({ ok: true, value: { hostAllowed: true } });
    expect(allowing.checkUrl('http://localhost:8081/')).toMatchObject({ ok: true, value: { hostAllowed: false } });
    expect(allowing.checkUrl('http://[::1]:9000/')).toMatchObject({ ok: true, value: { hostAllowed: true } });
    expect(allowing.checkUrl('http://[::1]:9001/')).toMatchObject({ ok: false, code: 'NETWORK_ADDRESS_BLOCKED' });
    expect(allowing.checkUrl('https://api.corp.test/')).toMatchObject({ ok: true, value: { hostAllowed: true } });
    expect(allowing.allowsHost('corp.test')).toBe(false);
    expect(allowing.checkUrl('http://10.9.8.7:1234/')).toMatchObject({ ok: true, value: { hostAllowed: false } });
    expect(allowing.checkUrl('http://192.168.1.1/')).toMatchObject({ ok: false });
  });
});

describe('allowed hosts and ranges', () => {
  it.each([
    'api.example.com',
    '*.example.com',
    'localhost:8080',
    '127.0.0.1',
    '[::1]',
    '[fd00::5]:9000',
    '::1',
    'a_b.internal',
  ])('reads %s', (entry) => {
    expect(parseAllowedHost(entry).ok).toBe(true);
  });

  it.each([
    '',
    'http://example.com',
    'example.com/path',
    '*.127.0.0.1',
    'host:0',
    'host:70000',
    '[nothost]',
    'a b',
    '*',
  ])('refuses %j', (entry) => {
    expect(parseAllowedHost(entry)).toMatchObject({ ok: false, code: 'NETWORK_ALLOWLIST_INVALID' });
  });

  it.each([
    ['10.0.0.0/8', true],
    ['fd00::/8', true],
    ['192.168.1.5', true],
    ['10.0.0.0/33', false],
    ['fd00::/129', false],
    ['10.0.0.0/8/1', false],
    ['example.com/8', false],
    ['10.0.0.0/x', false],
  ])('range %s is valid: %s', (entry, valid) => {
    expect(parseAllowedRange(entry).ok).toBe(valid);
  });

  it('never throws on any text, and a guard refuses a malformed entry when it is built', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof parseAllowedHost(text).ok).toBe('boolean');
        expect(typeof parseAllowedRange(text).ok).toBe('boolean');
      }),
    );
    expect(() => new NetworkGuard({ allowedRanges: ['10/8'] })).toThrow(NetworkGuardOptionsError);
    try {
      new NetworkGuard({ allowedHosts: ['http://x'] });
    } catch (error) {
      expect(NetworkGuardOptionsError.isInstance(error) && error.code).toBe('NETWORK_ALLOWLIST_INVALID');
    }
  });
});

describe('NetworkGuard.lookup', () => {
  it('refuses a name that resolves to a metadata address, naming the name and the address', async () => {
    const guard = new NetworkGuard({ resolve: testResolver() });
    const { error } = await lookupOnce(guard.lookup, 'metadata.test');
    expect(NetworkRefusedError.isInstance(error)).toBe(true);
    expect((error as NetworkRefusedError).code).toBe('NETWORK_ADDRESS_BLOCKED');
    expect((error as Error).message).toBe(
      "'metadata.test' resolves to 169.254.169.254, a cloud metadata address, which agents may not reach. An operator can allow it with an allowed host or address range.",
    );
  });

  it('refuses a name whose answers mix public and private addresses', async () => {
    const guard = new NetworkGuard({ resolve: testResolver() });
    const { error } = await lookupOnce(guard.lookup, 'mixed.test', { all: true });
    expect((error as Error).message).toContain("'mixed.test' resolves to 10.0.0.7, a private address");
  });

  it('resolves once per connection and hands over exactly the addresses it judged', async () => {
    const resolver = testResolver();
    const guard = new NetworkGuard({ resolve: resolver });
    const first = await lookupOnce(guard.lookup, 'rebind.test');
    expect(first).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(resolver.calls).toEqual(['rebind.test']);
    // The name now answers loopback: the next connection is refused, never handed 127.0.0.1.
    const second = await lookupOnce(guard.lookup, 'rebind.test');
    expect((second.error as Error).message).toContain("'rebind.test' resolves to 127.0.0.1, a loopback address");
    expect(resolver.calls).toEqual(['rebind.test', 'rebind.test']);
  });

  it('answers in the shape asked for: all addresses, or the first of a family', async () => {
    const guard = new NetworkGuard({ resolve: testResolver() });
    expect((await lookupOnce(guard.lookup, 'dual.test', { all: true })).address).toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
    expect(await lookupOnce(guard.lookup, 'dual.test', { family: 4 })).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    const unknown = await lookupOnce(guard.lookup, 'nowhere.test');
    expect((unknown.error as NetworkRefusedError).code).toBe('NETWORK_HOST_UNRESOLVED');
    expect((unknown.error as Error).message).toBe(
      "The host 'nowhere.test' does not resolve (ENOTFOUND): check its spelling.",
    );
  });

  it('lets an allowed host resolve to any address, and an allowed range pass', async () => {
    const guard = new NetworkGuard({
      resolve: testResolver(),
      allowedHosts: ['loopback.test'],
      allowedRanges: ['169.254.169.254/32'],
    });
    expect((await lookupOnce(guard.lookup, 'loopback.test')).address).toBe('127.0.0.1');
    expect((await lookupOnce(guard.lookup, 'metadata.test')).address).toBe('169.254.169.254');
    // A host allowed only on one port is not trusted by the port-blind lookup, only by trustedLookup.
    const portOnly = new NetworkGuard({ resolve: testResolver(), allowedHosts: ['loopback.test:8080'] });
    expect((await lookupOnce(portOnly.lookup, 'loopback.test')).error).toBeInstanceOf(NetworkRefusedError);
    expect((await lookupOnce(portOnly.trustedLookup, 'loopback.test')).address).toBe('127.0.0.1');
  });
});

describe('a real connection through the guard', () => {
  let server: Server;
  let port: number;
  let accepted = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      accepted += 1;
      socket.end('hello');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function connectThrough(lookup: LookupFunction, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, lookup });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
  }

  it('never reaches the loopback server through a name that resolves to it', async () => {
    const guard = new NetworkGuard({ resolve: testResolver() });
    const before = accepted;
    await expect(connectThrough(guard.lookup, 'loopback.test')).rejects.toMatchObject({
      code: 'NETWORK_ADDRESS_BLOCKED',
    });
    // The system resolver: localhost answers loopback.
    await expect(connectThrough(new NetworkGuard().lookup, 'localhost')).rejects.toMatchObject({
      code: 'NETWORK_ADDRESS_BLOCKED',
    });
    expect(accepted).toBe(before);
  });

  it('reaches it when the host is allowed', async () => {
    const guard = new NetworkGuard({ resolve: testResolver(), allowedHosts: ['loopback.test'] });
    expect(await connectThrough(guard.lookup, 'loopback.test')).toBe('hello');
  });
});
