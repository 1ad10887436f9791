import type { Configuration, ServiceCollection, ServiceToken } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcNistComplianceOptions,
  addSvcNistCompliance,
  type ComplianceReportFormat,
  type ComplianceScore,
  type ControlAssessment,
  type ControlFamily,
  type ControlStatus,
  type NistComplianceReport,
  type NistComplianceReporter,
  NistComplianceReporterService,
  type NistComplianceSettings,
  renderComplianceReport,
  writeComplianceReport,
} from '../src/index.js';

describe('the public API of @orkeon/compliance', () => {
  it('types the registration as the other addSvc functions, with the configuration optional', () => {
    expectTypeOf(addSvcNistCompliance).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcNistCompliance).parameter(1).toEqualTypeOf<Configuration | undefined>();
    expectTypeOf(addSvcNistCompliance).parameter(2).toEqualTypeOf<AddSvcNistComplianceOptions | undefined>();
    expectTypeOf(addSvcNistCompliance).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(NistComplianceReporterService).toEqualTypeOf<ServiceToken<NistComplianceReporter>>();
  });

  it('types the report and the score with the shapes of the original', () => {
    expectTypeOf<NistComplianceReporter['generateReport']>().returns.toEqualTypeOf<Promise<NistComplianceReport>>();
    expectTypeOf<NistComplianceReporter['getComplianceScore']>().returns.toEqualTypeOf<Promise<ComplianceScore>>();
    expectTypeOf<NistComplianceReport>().toHaveProperty('reportId').toEqualTypeOf<string>();
    expectTypeOf<NistComplianceReport>().toHaveProperty('generatedAt').toEqualTypeOf<string>();
    expectTypeOf<NistComplianceReport>().toHaveProperty('controls').toEqualTypeOf<readonly ControlAssessment[]>();
    expectTypeOf<ComplianceScore>().toHaveProperty('overallScore').toEqualTypeOf<number | null>();
    expectTypeOf<ComplianceScore['scoresByFamily']>().toEqualTypeOf<Readonly<Record<ControlFamily, number | null>>>();
    expectTypeOf<ControlStatus>().toEqualTypeOf<
      'Implemented' | 'PartiallyImplemented' | 'NotImplemented' | 'NotApplicable'
    >();
    expectTypeOf<ControlFamily>().toEqualTypeOf<'AC' | 'AU' | 'CM' | 'IR' | 'RA' | 'SI' | 'SC' | 'PM'>();
  });

  it('types the renderers and the settings', () => {
    expectTypeOf(renderComplianceReport).parameter(1).toEqualTypeOf<ComplianceReportFormat>();
    expectTypeOf(renderComplianceReport).returns.toEqualTypeOf<string>();
    expectTypeOf(writeComplianceReport).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<ComplianceReportFormat>().toEqualTypeOf<'json' | 'md' | 'html'>();
    expectTypeOf<NistComplianceSettings>().toEqualTypeOf<{
      Enabled: boolean;
      PeriodDays: number;
      MaxRecords: number;
      MinimumRetentionDays: number;
      ReportPath?: string | undefined;
    }>();
  });
});
