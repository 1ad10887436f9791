import type { LookupAddress } from 'node:dns';
import {
  blockedAddressRule,
  V1ProtocolError,
  V1PushConfigStore,
  V1PushDeliveryStore,
  V1PushNotifications,
  v1PushDeliveryCollection,
  WebhookSender,
  webhookUrlRefusal,
} from '@orkeon/a2a';
import { createLogger, InMemoryDocumentStore } from '@orkeon/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { quietFor, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const receivers: WebhookReceiver[] = [];
const closing: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const item of closing.splice(0)) await item.close();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

function answering(...addresses: string[]): (host: string) => Promise<LookupAddress[]> {
  return async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

describe('the address rules', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['0.0.0.0', 'an unspecified ("this network") address'],
    ['::', 'an unspecified ("this network") address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a reserved address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'a cloud metadata address'],
    ['64:ff9b::7f00:1', 'a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'a cloud metadata address'],
    ['2002:7f00:1::', 'a loopback address'],
    ['2002:a00:1::1', 'a private address'],
    ['example.com', 'not an IP address'],
  ])('refuses %s as %s', (address, rule) => {
    expect(blockedAddressRule(address)).toBe(rule);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(blockedAddressRule(address)).toBeUndefined();
  });

  it('judges an IPv4 address the same however IPv6 carries it (mapped, NAT64, 6to4)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), ([a, b, c, d]) => {
        const v4 = `${a}.${b}.${c}.${d}`;
        const high = ((a << 8) | b).toString(16);
        const low = ((c << 8) | d).toString(16);
        const rule = blockedAddressRule(v4);
        expect(blockedAddressRule(`::ffff:${v4}`)).toBe(rule);
        expect(blockedAddressRule(`::ffff:${high}:${low}`)).toBe(rule);
        expect(blockedAddressRule(`64:ff9b::${high}:${low}`)).toBe(rule);
        expect(blockedAddressRule(`2002:${high}:${low}::1`)).toBe(rule);
      }),
    );
  });

  it('refuses every address of the private, loopback and link-local ranges', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        expect(blockedAddressRule(`10.${b}.${c}.${d}`)).toBe('a private address');
        expect(blockedAddressRule(`127.${b}.${c}.${d}`)).toBe('a loopback address');
        expect(blockedAddressRule(`192.168.${c}.${d}`)).toBe('a private address');
        expect(blockedAddressRule(`172.${16 + (b % 16)}.${c}.${d}`)).toBe('a private address');
        expect(blockedAddressRule(`169.254.${c}.${d}`)).toMatch(/link-local|metadata/);
      }),
    );
  });

  it('reads the IPv4 address inside NAT64 and 6to4 addresses written in full or compressed', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const word = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), word, ([a, b, c, d], tail) => {
        const hex = (value: number) => value.toString(16).padStart(4, '0');
        const [high, low] = [(a << 8) | b, (c << 8) | d];
        const rule = blockedAddressRule(`${a}.${b}.${c}.${d}`);
        const nat64 = `0064:ff9b:0000:0000:0000:0000:${hex(high)}:${hex(low)}`;
        const sixToFour = `2002:${hex(high)}:${hex(low)}:0000:0000:0000:0000:${hex(tail)}`;
        for (const full of [nat64, sixToFour]) {
          expect(blockedAddressRule(full)).toBe(rule);
          expect(blockedAddressRule(new URL(`http://[${full}]/`).hostname)).toBe(rule);
        }
      }),
    );
    expect(blockedAddressRule('1::2::3')).toBe('not an IP address');
  });
});

describe('the check of a webhook URL', () => {
  const policy = { allowedHosts: [] as string[] };

  it('resolves a host name: localhost is refused unless named in AllowedHosts (an address allowed is not enough)', async () => {
    const refusal = await webhookUrlRefusal(
      'http://localhost:8080/hook',
      { allowedHosts: ['127.0.0.1'] },
      { resolveNames: true },
    );
    expect(refusal).toMatch(/'localhost' resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(refusal).toContain("add 'localhost' to A2A:PushNotifications:AllowedHosts");
    expect(
      await webhookUrlRefusal('http://LocalHost./hook', { allowedHosts: ['localhost'] }, { resolveNames: true }),
    ).toBeUndefined();
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const refusal = await webhookUrlRefusal(
      'https://hooks.example/x',
      { allowedHosts: [], resolve: answering('93.184.216.34', '10.0.0.5') },
      { resolveNames: true },
    );
    expect(refusal).toContain('resolves to 10.0.0.5, a private address');
    expect(
      await webhookUrlRefusal(
        'https://hooks.example/x',
        { allowedHosts: [], resolve: answering('93.184.216.34') },
        { resolveNames: true },
      ),
    ).toBeUndefined();
  });

  it.each([
    ['http://127.0.0.1:9/x', 'loopback'],
    ['http://[::ffff:127.0.0.1]:9/x', 'loopback'],
    ['http://2130706433/x', 'loopback'],
    ['http://0x7f.1/x', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['http://[fd00:ec2::254]/', 'cloud metadata'],
    ['http://0.0.0.0:9/', 'unspecified'],
  ])('refuses %s (%s) without asking DNS', async (url, rule) => {
    const refusal = await webhookUrlRefusal(url, policy, { resolveNames: false });
    expect(refusal).toContain(rule);
    expect(refusal).toContain('A2A:PushNotifications:AllowedHosts');
  });

  it('names a host that does not resolve, and a URL that is not http(s)', async () => {
    const missing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    expect(
      await webhookUrlRefusal(
        'https://nowhere.invalid/',
        { allowedHosts: [], resolve: missing },
        { resolveNames: true },
      ),
    ).toContain("'nowhere.invalid' does not resolve (ENOTFOUND)");
    expect(await webhookUrlRefusal('file:///etc/passwd', policy, { resolveNames: true })).toContain('uses file');
    expect(await webhookUrlRefusal('/relative', policy, { resolveNames: true })).toContain('absolute URL');
  });
});

describe('the check at delivery', () => {
  const event = { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' as const } } };

  it('connects to the address it checked: a name that now resolves to loopback is refused and nothing is sent', async () => {
    const webhook = await startWebhookReceiver();
    receivers.push(webhook);
    const refused = new WebhookSender({
      policy: { allowedHosts: [], resolve: answering('127.0.0.1') },
      timeoutMilliseconds: 2000,
    });
    closing.push(refused);
    const config = { id: 'c', taskId: 't1', url: `http://rebound.example:${webhook.port}/hook` };
    const outcome = await refused.send(config, event, new AbortController().signal);
    expect(outcome).toEqual({
      kind: 'refused',
      reason: expect.stringContaining("'rebound.example' resolves to 127.0.0.1, a loopback address"),
    });
    expect(webhook.received).toHaveLength(0);

    // Allowed, the name reaches the address the resolver gave, with the name in the Host header.
    const allowed = new WebhookSender({
      policy: { allowedHosts: ['rebound.example'], resolve: answering('127.0.0.1') },
      timeoutMilliseconds: 2000,
    });
    closing.push(allowed);
    expect(await allowed.send(config, event, new AbortController().signal)).toEqual({
      kind: 'delivered',
      status: 200,
    });
    expect(webhook.received[0]?.headers.host).toBe(`rebound.example:${webhook.port}`);
  });

  it('a config accepted while its host was public is refused at delivery once the host resolves to loopback', async () => {
    const webhook = await startWebhookReceiver();
    receivers.push(webhook);
    let answer = '93.184.216.34';
    const lines: Record<string, unknown>[] = [];
    const memory = new InMemoryDocumentStore();
    const stores = { configs: new V1PushConfigStore(memory), deliveries: new V1PushDeliveryStore(memory) };
    const ids = ['id-1', 'id-2'];
    const push = new V1PushNotifications(
      {
        logger: createLogger({
          format: 'json',
          destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
        }),
        now: Date.now,
        newId: () => ids.shift() ?? 'id-more',
        withStores: (work) => work(stores),
        isTaskOf: async (taskId) => taskId === 't1',
      },
      {
        allowedHosts: [],
        timeoutMilliseconds: 2000,
        retry: { maxAttempts: 3, baseDelayMilliseconds: 10, maxDelayMilliseconds: 10 },
        resolve: async () => [{ address: answer, family: 4 }],
      },
    );
    closing.push(push);
    const config = await push.create(
      { taskId: 't1', url: `http://rebound.example:${webhook.port}/hook` },
      { identity: 'anonymous', tenant: '' },
    );
    expect(config).toEqual({ id: 'id-1', taskId: 't1', url: `http://rebound.example:${webhook.port}/hook` });

    answer = '127.0.0.1';
    push.notify('t1', event);
    for (let waited = 0; lines.length === 0 && waited < 5000; waited += 10) await quietFor(10);
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringContaining("'rebound.example' resolves to 127.0.0.1, a loopback address"),
    ]);
    expect(webhook.received).toHaveLength(0);
    expect(await memory.list(v1PushDeliveryCollection)).toEqual([]);

    // A config whose URL is a loopback address, put in the store behind the operations' back, is refused too.
    await stores.configs.put({ id: 'raw', taskId: 't2', url: `http://127.0.0.1:${webhook.port}/hook` });
    push.notify('t2', event);
    for (let waited = 0; lines.length === 1 && waited < 5000; waited += 10) await quietFor(10);
    expect(lines[1]?.msg).toContain("'127.0.0.1' is a loopback address");
    expect(webhook.received).toHaveLength(0);
  });

  it('registerFromSend keeps the config a SendMessage brings for the task it made', async () => {
    const memory = new InMemoryDocumentStore();
    const stores = { configs: new V1PushConfigStore(memory), deliveries: new V1PushDeliveryStore(memory) };
    const push = new V1PushNotifications(
      {
        logger: createLogger({ level: 'silent' }),
        now: Date.now,
        newId: () => 'made-id',
        withStores: (work) => work(stores),
        isTaskOf: async () => true,
      },
      {
        allowedHosts: [],
        timeoutMilliseconds: 1000,
        retry: { maxAttempts: 1, baseDelayMilliseconds: 1, maxDelayMilliseconds: 1 },
        resolve: answering('93.184.216.34'),
      },
    );
    closing.push(push);
    const saved = await push.registerFromSend('task-9', {
      taskId: 'whatever',
      url: 'https://hooks.example/a',
      token: 't',
    });
    expect(saved).toEqual({ id: 'made-id', taskId: 'task-9', url: 'https://hooks.example/a', token: 't' });
    expect(await stores.configs.list('task-9')).toEqual([saved]);
    await expect(push.registerFromSend('task-9', { url: 'http://10.0.0.1/' })).rejects.toSatisfy(
      (error) => error instanceof V1ProtocolError && error.kind === 'InvalidParams' && /private/.test(error.message),
    );
    await expect(push.checkForSend({ url: 42 })).rejects.toSatisfy(
      (error) =>
        error instanceof V1ProtocolError && error.message.startsWith('configuration.taskPushNotificationConfig.url'),
    );
  });
});
