import type {
  Configuration,
  DlpAction,
  DlpChannel,
  DlpChannelGuard,
  DlpContentSource,
  DlpInterception,
  PiiDetector,
  PiiMatch,
  PiiType,
  ServiceCollection,
  ToolCallInterceptor,
} from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcDlpOptions,
  addSvcDlp,
  createDlpInterceptors,
  type DlpErrorCode,
  type DlpInterceptor,
  type DlpInterceptorOptions,
  type DlpPolicy,
  type DlpPolicyInvalidError,
  type DlpPolicyProvider,
  type DlpSettings,
  defineDlpPolicy,
  dlpActionFor,
  dlpToolCallInterceptor,
  type LogDlpInterceptor,
  type PolicyDlpChannelGuard,
  RegexPiiDetector,
  type SettingsDlpPolicyProvider,
  ToolOutputDlpInterceptor,
} from '../src/index.js';

type ChannelPolicySettings = {
  Enabled: boolean;
  DefaultAction?: DlpAction | undefined;
  PiiActions: Partial<Record<PiiType, DlpAction | undefined>>;
};

describe('the public API of @orkeon/dlp', () => {
  it('types the detector as the core port and the registration as the other addSvc functions', () => {
    expectTypeOf<RegexPiiDetector>().toExtend<PiiDetector>();
    expectTypeOf<RegexPiiDetector['scan']>().returns.toEqualTypeOf<PiiMatch[]>();
    expectTypeOf(RegexPiiDetector).toBeConstructibleWith();
    expectTypeOf(RegexPiiDetector).toBeConstructibleWith({ types: ['Email', 'Iban'] satisfies PiiType[] });
    expectTypeOf(addSvcDlp).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcDlp).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcDlp).parameter(2).toEqualTypeOf<AddSvcDlpOptions | undefined>();
    expectTypeOf(addSvcDlp).returns.toEqualTypeOf<ServiceCollection>();
  });

  it('types the settings as appsettings.json writes them', () => {
    expectTypeOf<DlpSettings['Enabled']>().toEqualTypeOf<boolean>();
    expectTypeOf<DlpSettings['DefaultAction']>().toEqualTypeOf<DlpAction>();
    expectTypeOf<DlpSettings['ApplyInPipeline']>().toEqualTypeOf<boolean>();
    expectTypeOf<NonNullable<DlpSettings['ChannelPolicies']['Log']>>().toEqualTypeOf<ChannelPolicySettings>();
    expectTypeOf<keyof DlpSettings['ChannelPolicies']>().toEqualTypeOf<DlpChannel>();
  });

  it('types policies, interceptors and the guard after the original’s shapes', () => {
    expectTypeOf<DlpPolicy>().toEqualTypeOf<{
      readonly channel: DlpChannel;
      readonly defaultAction: DlpAction;
      readonly piiActions: Readonly<Partial<Record<PiiType, DlpAction>>>;
      readonly enabled: boolean;
    }>();
    expectTypeOf<DlpAction>().toEqualTypeOf<'Allow' | 'Mask' | 'Block' | 'Audit'>();
    expectTypeOf(defineDlpPolicy).returns.toEqualTypeOf<DlpPolicy>();
    expectTypeOf(dlpActionFor).returns.toEqualTypeOf<DlpAction>();
    expectTypeOf<DlpPolicyProvider['getPolicy']>().parameters.toEqualTypeOf<[DlpChannel]>();
    expectTypeOf<DlpPolicyProvider['getAllPolicies']>().returns.toEqualTypeOf<readonly DlpPolicy[]>();
    expectTypeOf<SettingsDlpPolicyProvider>().toExtend<DlpPolicyProvider>();
    expectTypeOf<DlpInterceptor['intercept']>().parameter(0).toEqualTypeOf<string>();
    expectTypeOf<DlpInterceptor['intercept']>().parameter(1).toEqualTypeOf<DlpPolicy>();
    expectTypeOf<DlpInterceptor['intercept']>().parameter(2).toEqualTypeOf<DlpContentSource | undefined>();
    expectTypeOf<DlpInterceptor['intercept']>().returns.toEqualTypeOf<DlpInterception>();
    expectTypeOf<DlpInterception>().toEqualTypeOf<{
      readonly action: DlpAction;
      readonly original: string;
      readonly processed: string;
      readonly matches: readonly PiiMatch[];
    }>();
    expectTypeOf(ToolOutputDlpInterceptor).toBeConstructibleWith({ detector: new RegexPiiDetector() });
    expectTypeOf<LogDlpInterceptor>().toExtend<DlpInterceptor>();
    expectTypeOf(createDlpInterceptors).parameter(0).toEqualTypeOf<DlpInterceptorOptions>();
    expectTypeOf<PolicyDlpChannelGuard>().toExtend<DlpChannelGuard>();
    expectTypeOf(dlpToolCallInterceptor).returns.toEqualTypeOf<ToolCallInterceptor>();
    expectTypeOf<DlpPolicyInvalidError['code']>().toEqualTypeOf<DlpErrorCode>();
  });
});
