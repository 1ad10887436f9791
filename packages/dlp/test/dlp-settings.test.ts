import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  loadConfiguration,
  type SettingsTree,
} from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { dlpSettings, SettingsDlpPolicyProvider } from '../src/index.js';

const sections = [...coreSettingsSections, dlpSettings];
const bind = (dlp: SettingsTree) => Configuration.fromObject({ Svc: { Dlp: dlp } }, sections).get(dlpSettings);

/** The one-line message a bad setting stops the start with. */
function refusal(dlp: SettingsTree): string {
  try {
    bind(dlp);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('Svc:Dlp settings', () => {
  it('defaults: enabled, every kind audited on every channel, not applied in the pipeline', () => {
    const settings = bind({});
    expect(settings).toEqual({ Enabled: true, DefaultAction: 'Audit', ApplyInPipeline: false, ChannelPolicies: {} });
    const policies = new SettingsDlpPolicyProvider(settings).getAllPolicies();
    expect(policies.map((policy) => policy.channel)).toEqual([
      'ToolOutput',
      'Delegation',
      'Log',
      'Memory',
      'ExternalOutput',
    ]);
    expect(policies.every((policy) => policy.enabled && policy.defaultAction === 'Audit')).toBe(true);
  });

  it('reads a policy per channel: Enabled, DefaultAction (else the section’s) and PiiActions by kind, keys in any case', () => {
    const settings = bind({
      DefaultAction: 'Mask',
      ChannelPolicies: {
        toolOutput: { piiActions: { CreditCard: 'Block' } },
        Log: { DefaultAction: 'Allow', PiiActions: { Ssn: 'Mask' } },
        Memory: { Enabled: false },
      },
    });
    const provider = new SettingsDlpPolicyProvider(settings);
    expect(provider.getPolicy('ToolOutput')).toEqual({
      channel: 'ToolOutput',
      enabled: true,
      defaultAction: 'Mask',
      piiActions: { CreditCard: 'Block' },
    });
    expect(provider.getPolicy('Log')).toMatchObject({ defaultAction: 'Allow', piiActions: { Ssn: 'Mask' } });
    expect(provider.getPolicy('Memory').enabled).toBe(false);
    expect(provider.getPolicy('Delegation')).toMatchObject({ defaultAction: 'Mask', piiActions: {} });
  });

  it('takes a policy from environment variables', async () => {
    const environment = {
      SVC_Svc__Dlp__ApplyInPipeline: 'true',
      SVC_Svc__Dlp__ChannelPolicies__ExternalOutput__PiiActions__Email: 'Block',
    };
    const configuration = await loadConfiguration({ sections, environment, searchDirectories: [] });
    const settings = configuration.get(dlpSettings);
    expect(settings.ApplyInPipeline).toBe(true);
    expect(settings.ChannelPolicies.ExternalOutput?.PiiActions).toEqual({ Email: 'Block' });
  });

  it('refuses an unknown channel, kind or action, naming what is allowed', () => {
    expect(refusal({ ChannelPolicies: { Email: { DefaultAction: 'Mask' } } })).toContain(
      "Unknown setting 'Svc:Dlp:ChannelPolicies:Email'",
    );
    expect(refusal({ ChannelPolicies: { Email: {} } })).toContain(
      'ToolOutput, Delegation, Log, Memory, ExternalOutput',
    );
    const kind = refusal({ ChannelPolicies: { Log: { PiiActions: { Name: 'Mask' } } } });
    expect(kind).toContain("Unknown setting 'Svc:Dlp:ChannelPolicies:Log:PiiActions:Name'");
    expect(kind).toContain('Email, Phone, Ssn, CreditCard, Iban, Passport, IpAddress');
    const action = refusal({ ChannelPolicies: { Log: { PiiActions: { Email: 'Redact' } } } });
    expect(action).toContain("'Svc:Dlp:ChannelPolicies:Log:PiiActions:Email'");
    expect(action).toContain('"Allow", "Mask", "Block", "Audit"');
    expect(refusal({ DefaultAction: 'mask' })).toContain('Did you mean "Mask"?');
    expect(refusal({ ApplyInPipline: true })).toContain("Did you mean 'Svc:Dlp:ApplyInPipeline'?");
  });
});
