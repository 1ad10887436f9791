import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AuditRecorder,
  createMemoryItem,
  type DlpAction,
  type DlpChannel,
  type DlpChannelGuard,
  DlpChannelGuardService,
  type DlpDetection,
  type DlpInterception,
  DlpMemoryProvider,
  describeDlpDetection,
  dlpActions,
  dlpBlockedNotice,
  dlpChannels,
  dlpScreenedLogger,
  InMemoryAuditTrail,
  InMemoryMemoryProvider,
  type Logger,
  OrkeonError,
  type PiiMatch,
  type ServiceToken,
} from '../../src/index.js';

/**
 * A guard for the core side of the port: it masks the word "secret" on every channel and
 * remembers what it was asked. The interceptors themselves live in @orkeon/dlp.
 */
function wordGuard() {
  const asked: { channel: DlpChannel; content: string }[] = [];
  const guard: DlpChannelGuard = {
    screen(channel, content) {
      asked.push({ channel, content });
      const processed = content.replaceAll('secret', '******');
      return { action: processed === content ? 'Allow' : 'Mask', original: content, processed, matches: [] };
    },
  };
  return { guard, asked };
}

describe('the DLP port of core', () => {
  it('names the channels and actions in the original’s order, and types the guard', () => {
    expect(dlpChannels).toEqual(['ToolOutput', 'Delegation', 'Log', 'Memory', 'ExternalOutput']);
    expect(dlpActions).toEqual(['Allow', 'Mask', 'Block', 'Audit']);
    expect(dlpBlockedNotice('Memory')).toBe('[BLOCKED: PII detected in Memory channel]');
    expectTypeOf<DlpChannelGuard['screen']>().returns.toEqualTypeOf<DlpInterception>();
    expectTypeOf<DlpInterception['matches']>().toEqualTypeOf<readonly PiiMatch[]>();
    expectTypeOf<DlpDetection['action']>().toEqualTypeOf<Exclude<DlpAction, 'Allow'>>();
    expectTypeOf(DlpChannelGuardService).toEqualTypeOf<ServiceToken<DlpChannelGuard>>();
    expectTypeOf(dlpScreenedLogger).returns.toEqualTypeOf<Logger>();
  });

  it('describes a detection by kinds and counts, in the kinds’ order', () => {
    expect(
      describeDlpDetection({ channel: 'Log', action: 'Mask', counts: { IpAddress: 1, Email: 2, CreditCard: 1 } }),
    ).toBe('Log Mask: 2 e-mail addresses, 1 credit card number, 1 IP address');
  });

  it('the audit recorder writes a detection as a dlp record, with who and the run, never a value', async () => {
    const trail = new InMemoryAuditTrail();
    const recorder = new AuditRecorder({
      trail,
      retentionDays: 30,
      logger: captureLogger().logger,
      runOf: () => 'run-1',
      clock: () => new Date('2026-11-01T10:00:00Z'),
    });
    recorder.dlpDetection({
      channel: 'ToolOutput',
      action: 'Block',
      counts: { Ssn: 1 },
      tool: 'crm',
      caller: { kind: 'agent', agent: 'Clerk', crew: 'support', task: 'answer' },
    });
    recorder.dlpDetection({ channel: 'Log', action: 'Audit', counts: { Email: 1 } });
    await recorder.flush();
    expect((await trail.query({ kind: 'dlp' })).reverse()).toEqual([
      {
        sequence: 1,
        at: '2026-11-01T10:00:00.000Z',
        kind: 'dlp',
        outcome: 'Blocked',
        tool: 'crm',
        caller: 'agent',
        agent: 'Clerk',
        crew: 'support',
        task: 'answer',
        run: 'run-1',
        detail: 'ToolOutput Block: 1 social security number',
      },
      {
        sequence: 2,
        at: '2026-11-01T10:00:00.000Z',
        kind: 'dlp',
        outcome: 'Success',
        run: 'run-1',
        detail: 'Log Audit: 1 e-mail address',
      },
    ]);
  });
});

describe('dlpScreenedLogger', () => {
  it('screens the message, interpolated values and text fields, also of children, and leaves other fields alone', () => {
    const logs = captureLogger({ level: 'info' });
    const { guard } = wordGuard();
    const logger = dlpScreenedLogger(logs.logger, () => guard);
    const counts = { n: 1 };
    logger
      .child({ component: 'x' })
      .info({ note: 'a secret note', counts, list: ['secret'] }, 'the %s is out', 'secret');
    logger.warn('a secret message');
    expect(logs.records()).toMatchObject([
      { component: 'x', note: 'a ****** note', counts: { n: 1 }, list: ['******'], msg: 'the ****** is out' },
      { msg: 'a ****** message' },
    ]);
  });

  it('reads nothing below the level and nothing while the guard is absent', () => {
    const logs = captureLogger({ level: 'warn' });
    const { guard, asked } = wordGuard();
    let bound: DlpChannelGuard | undefined;
    const logger = dlpScreenedLogger(logs.logger, () => bound);
    logger.info('a secret at info');
    logger.warn('a secret before the guard');
    bound = guard;
    logger.debug('a secret at debug');
    expect(asked).toEqual([]);
    expect(logs.records().map((record) => record.msg)).toEqual(['a secret before the guard']);
  });

  it('copies an error whose message, cause or fields hold something to screen, keeping its class and code', () => {
    const logs = captureLogger();
    const { guard } = wordGuard();
    const cause = Object.assign(new Error('the secret cause'), { responseBody: '{"error":"secret"}' });
    const error = new OrkeonError('TOOL_FAILED', 'failed on the secret', { cause });
    dlpScreenedLogger(logs.logger, () => guard).error({ err: error }, 'boom');
    const [record] = logs.records() as { err: Record<string, unknown> }[];
    expect(record?.err).toMatchObject({
      type: 'OrkeonError',
      code: 'TOOL_FAILED',
      message: 'failed on the ******',
      cause: { message: 'the ****** cause', responseBody: '{"error":"******"}' },
    });
    expect(String(record?.err.stack)).toMatch(/^OrkeonError: failed on the \*{6}\n/);
    // The caller's error is untouched.
    expect(error.message).toBe('failed on the secret');
  });
});

describe('DlpMemoryProvider', () => {
  it('screens contents on every write and passes reads as they are, with the inner store’s capabilities', async () => {
    const inner = new InMemoryMemoryProvider();
    const { guard, asked } = wordGuard();
    const store = new DlpMemoryProvider(inner, guard);
    await store.store('a', createMemoryItem({ content: 'a secret' }));
    await store.storeWithEmbedding('b', createMemoryItem({ content: 'b secret' }), [1, 0]);
    await store.storeMany?.([{ key: 'c', item: createMemoryItem({ content: 'c secret' }) }]);
    expect((await inner.get('a'))?.content).toBe('a ******');
    expect((await store.get('b'))?.content).toBe('b ******');
    expect((await store.get('c'))?.content).toBe('c ******');
    expect(asked.map((question) => question.channel)).toEqual(['Memory', 'Memory', 'Memory']);
    expect(store.storeMany === undefined).toBe(inner.storeMany === undefined);
    expect(store.hybridSearch).toBeUndefined();
    expect(await store.delete('a')).toBe(true);
  });
});
