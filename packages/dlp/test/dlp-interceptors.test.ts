import { type DlpDetection, dlpChannels, OrkeonError } from '@orkeon/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDlpInterceptors,
  DelegationDlpInterceptor,
  type DlpPolicyInput,
  DlpPolicyInvalidError,
  defineDlpPolicy,
  ExternalOutputDlpInterceptor,
  LogDlpInterceptor,
  MemoryDlpInterceptor,
  PolicyDlpChannelGuard,
  RegexPiiDetector,
  SettingsDlpPolicyProvider,
  ToolOutputDlpInterceptor,
} from '../src/index.js';

const detector = new RegexPiiDetector();
const text = 'Mail jane@example.com, card 4111 1111 1111 1111, from 198.51.100.7';

/** A ToolOutput interceptor and the detections it reported. */
function toolOutput() {
  const detections: DlpDetection[] = [];
  const interceptor = new ToolOutputDlpInterceptor({ detector, onDetection: (found) => detections.push(found) });
  const intercept = (policy: Omit<DlpPolicyInput, 'channel'>, content = text) =>
    interceptor.intercept(content, defineDlpPolicy({ channel: 'ToolOutput', ...policy }), {
      tool: 'crm',
      caller: { kind: 'agent', agent: 'Clerk' },
    });
  return { intercept, detections };
}

describe('the DLP interceptors', () => {
  it('Allow: passes the content and records nothing, also when the kinds found are allowed', () => {
    const { intercept, detections } = toolOutput();
    expect(intercept({}, 'Nothing personal here, order 415-555-0132.')).toEqual({
      action: 'Allow',
      original: 'Nothing personal here, order 415-555-0132.',
      processed: 'Nothing personal here, order 415-555-0132.',
      matches: [],
    });
    const allowed = intercept({
      defaultAction: 'Mask',
      piiActions: { Email: 'Allow', CreditCard: 'Allow', IpAddress: 'Allow' },
    });
    expect(allowed.action).toBe('Allow');
    expect(allowed.processed).toBe(text);
    expect(allowed.matches.map((match) => match.type)).toEqual(['Email', 'CreditCard', 'IpAddress']);
    expect(detections).toEqual([]);
  });

  it('Mask: masks the items of the kinds set to Mask and leaves the allowed ones', () => {
    const { intercept, detections } = toolOutput();
    const masked = intercept({ defaultAction: 'Allow', piiActions: { Email: 'Mask', CreditCard: 'Mask' } });
    expect(masked.action).toBe('Mask');
    expect(masked.processed).toBe(`Mail ${'*'.repeat(16)}, card ${'*'.repeat(19)}, from 198.51.100.7`);
    expect(masked.original).toBe(text);
    expect(detections).toEqual([
      {
        channel: 'ToolOutput',
        action: 'Mask',
        counts: { Email: 1, CreditCard: 1 },
        tool: 'crm',
        caller: { kind: 'agent', agent: 'Clerk' },
      },
    ]);
    const hashes = new LogDlpInterceptor({ detector, maskCharacter: '#' });
    expect(
      hashes.intercept('ip 198.51.100.7', defineDlpPolicy({ channel: 'Log', defaultAction: 'Mask' })).processed,
    ).toBe('ip ############');
  });

  it('Block: replaces the whole content with the notice naming the channel', () => {
    const policyOf = (channel: (typeof dlpChannels)[number]) => defineDlpPolicy({ channel, defaultAction: 'Block' });
    const blocked = createDlpInterceptors({ detector }).map(
      (interceptor) => interceptor.intercept(text, policyOf(interceptor.channel)).processed,
    );
    expect(blocked).toEqual(dlpChannels.map((channel) => `[BLOCKED: PII detected in ${channel} channel]`));
    expect(new DelegationDlpInterceptor({ detector }).channel).toBe('Delegation');
    expect(new MemoryDlpInterceptor({ detector }).channel).toBe('Memory');
    expect(new ExternalOutputDlpInterceptor({ detector }).channel).toBe('ExternalOutput');
  });

  it('Audit: passes the content as it is and reports the kinds and counts, never the values', () => {
    const { intercept, detections } = toolOutput();
    const audited = intercept({}, `${text} and bob@example.org`);
    expect(audited.action).toBe('Audit');
    expect(audited.processed).toBe(`${text} and bob@example.org`);
    expect(detections).toHaveLength(1);
    expect(detections[0]?.counts).toEqual({ Email: 2, CreditCard: 1, IpAddress: 1 });
    expect(JSON.stringify(detections)).not.toMatch(/example|4111|198\.51/);
  });

  it('the highest action among the kinds found wins, in the order Allow < Mask < Block < Audit', () => {
    const { intercept } = toolOutput();
    const actionOf = (piiActions: DlpPolicyInput['piiActions']) =>
      intercept({ defaultAction: 'Allow', ...(piiActions === undefined ? {} : { piiActions }) }).action;
    expect(actionOf({ Email: 'Mask', CreditCard: 'Block' })).toBe('Block');
    expect(actionOf({ Email: 'Block', IpAddress: 'Mask' })).toBe('Block');
    // Audit ranks above Block: the card would be blocked, the e-mail address is audited, so the text passes.
    expect(actionOf({ Email: 'Audit', CreditCard: 'Block' })).toBe('Audit');
    expect(actionOf({ Passport: 'Block' })).toBe('Allow');
  });

  it('a disabled policy, or one that allows every kind, passes the content without reading it', () => {
    const { intercept, detections } = toolOutput();
    expect(intercept({ enabled: false, defaultAction: 'Block' })).toMatchObject({ action: 'Allow', matches: [] });
    expect(intercept({ defaultAction: 'Allow' })).toMatchObject({ action: 'Allow', processed: text, matches: [] });
    expect(detections).toEqual([]);
  });

  it('refuses the policy of another channel, and policies naming what does not exist', () => {
    const interceptor = new LogDlpInterceptor({ detector });
    expect(() => interceptor.intercept(text, defineDlpPolicy({ channel: 'Memory' }))).toThrow(
      "The Log interceptor was given the policy of the Memory channel; give it getPolicy('Log').",
    );
    const refused = (input: unknown) => {
      try {
        defineDlpPolicy(input as DlpPolicyInput);
      } catch (error) {
        expect(DlpPolicyInvalidError.isInstance(error)).toBe(true);
        expect((error as OrkeonError).code).toBe('DLP_POLICY_INVALID');
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ channel: 'Email' })).toBe(
      "Unknown DLP channel 'Email'; the channels are ToolOutput, Delegation, Log, Memory, ExternalOutput.",
    );
    expect(refused({ channel: 'Log', piiActions: { Name: 'Mask' } })).toContain(
      'the kinds are Email, Phone, Ssn, CreditCard, Iban, Passport, IpAddress',
    );
    expect(refused({ channel: 'Log', defaultAction: 'Redact' })).toBe(
      "The defaultAction of the Log policy is 'Redact'; the actions are Allow, Mask, Block, Audit.",
    );
    // A hand-made policy object is checked where it is used.
    expect(() =>
      interceptor.intercept(text, { channel: 'Log', defaultAction: 'Hide' as never, piiActions: {}, enabled: true }),
    ).toThrow(OrkeonError);
  });

  it('policies are frozen, with the defaults filled in', () => {
    const policy = defineDlpPolicy({ channel: 'Memory', piiActions: { Iban: undefined, Email: 'Mask' } });
    expect(policy).toEqual({ channel: 'Memory', defaultAction: 'Audit', piiActions: { Email: 'Mask' }, enabled: true });
    expect(Object.isFrozen(policy) && Object.isFrozen(policy.piiActions)).toBe(true);
  });

  it('a guard routes each channel to its interceptor and refuses a set that misses one', () => {
    const policies = new SettingsDlpPolicyProvider({
      DefaultAction: 'Audit',
      ChannelPolicies: { Log: { Enabled: true, DefaultAction: 'Mask', PiiActions: {} } },
    });
    const guard = new PolicyDlpChannelGuard({ policies, interceptors: createDlpInterceptors({ detector }) });
    expect(guard.screen('Log', 'to jane@example.com').processed).toBe(`to ${'*'.repeat(16)}`);
    expect(guard.screen('Memory', 'to jane@example.com').action).toBe('Audit');
    expect(() => new PolicyDlpChannelGuard({ policies, interceptors: [new LogDlpInterceptor({ detector })] })).toThrow(
      'No DLP interceptor for the channel(s) ToolOutput, Delegation, Memory, ExternalOutput',
    );
  });

  it('masking keeps the length and changes only the characters of the items found (property)', () => {
    const interceptor = new MemoryDlpInterceptor({ detector });
    const policy = defineDlpPolicy({ channel: 'Memory', defaultAction: 'Mask' });
    const pieces = fc.constantFrom(
      'jane@example.com',
      '4111 1111 1111 1111',
      'DE89 3704 0044 0532 0130 00',
      'SSN 123-45-6789',
      '198.51.100.7',
      'order 415-555-0132',
      'v1.2.3',
      ' ',
      ', ',
      '\n',
      'plain words',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const content = parts.join('');
        const result = interceptor.intercept(content, policy);
        expect(result.processed).toHaveLength(content.length);
        const inside = (index: number) => result.matches.some((match) => match.start <= index && index < match.end);
        for (let index = 0; index < content.length; index++)
          expect(result.processed[index]).toBe(inside(index) ? '*' : content[index]);
      }),
      { numRuns: 300 },
    );
  });
});
