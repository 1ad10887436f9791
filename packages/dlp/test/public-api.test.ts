import type { Configuration, PiiDetector, PiiMatch, PiiType, ServiceCollection } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import { type AddSvcDlpOptions, addSvcDlp, type DlpSettings, RegexPiiDetector } from '../src/index.js';

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
    expectTypeOf<DlpSettings>().toEqualTypeOf<{ Enabled: boolean }>();
  });
});
