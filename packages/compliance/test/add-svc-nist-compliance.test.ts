import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  defineCrew,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AddSvcNistComplianceOptions,
  addSvcNistCompliance,
  type NistComplianceReport,
  NistComplianceReporter,
  NistComplianceReporterService,
  nistComplianceExperimentalDiagnosticId,
  nistComplianceSettings,
} from '../src/index.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

const quiet = () => captureLogger().logger;
const configurationOf = (tree: SettingsTree = {}) =>
  Configuration.fromObject(tree, [...coreSettingsSections, nistComplianceSettings]);

/** A runtime with the reporter and one writable mount at /out, as a host builds it. */
async function runtimeWith(tree: SettingsTree = {}, options: AddSvcNistComplianceOptions = {}) {
  const configuration = configurationOf(tree);
  const services = addSvcNistCompliance(new ServiceCollection(), configuration, {
    acknowledgeExperimental: true,
    environment: {},
    ...options,
  });
  return createRuntime({ services, configuration, logger: quiet(), mounts: [`${folder.path}:/out:rw`] });
}

const control = (report: NistComplianceReport, id: string) => {
  const found = report.controls.find((item) => item.id === id);
  if (found === undefined) throw new Error(`no control ${id} in the report`);
  return found;
};

const evidenceValue = (report: NistComplianceReport, id: string, name: string) =>
  control(report, id).evidence.find((item) => item.name === name)?.value;

const writer = { kind: 'agent', agent: 'Writer', agentId: 'writer', crew: 'docs', task: 'draft' } as const;

describe('addSvcNistCompliance through createRuntime', () => {
  it('judges the permission gate the runtime really has: turning it on changes AC-3 and AC-6', async () => {
    const before = await (async () => {
      await using runtime = await runtimeWith();
      return runtime.services.get(NistComplianceReporterService).generateReport();
    })();
    expect(before.basis).toBe('runtime');
    expect(control(before, 'AC-3').status).toBe('PartiallyImplemented');
    expect(control(before, 'AC-6').status).toBe('NotImplemented');
    expect(evidenceValue(before, 'AC-6', 'agent mounts')).toBe('/out rw');
    expect(evidenceValue(before, 'AC-3', 'permission gate')).toBe('none');
    expect(control(before, 'AC-3').recommendation).toEqual({
      controlId: 'AC-3',
      setting: 'Svc:Security:PermissionGate:Enabled',
      value: 'true',
      action: expect.stringContaining('permission gate'),
    });

    await using runtime = await runtimeWith({ Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } } } });
    const after = await runtime.services.get(NistComplianceReporterService).generateReport();
    expect(control(after, 'AC-3').status).toBe('Implemented');
    expect(control(after, 'AC-6').status).toBe('Implemented');
    expect(evidenceValue(after, 'AC-3', 'permission gate')).toBe('mode plan');
    expect(evidenceValue(after, 'AC-3', 'Svc:Security:PermissionGate:Enabled')).toBe(true);
    expect(control(after, 'AC-3').recommendation).toBeUndefined();
    expect(after.score.overallScore).toBeGreaterThan(before.score.overallScore ?? 100);
  });

  it("counts a run's denials as evidence, with the agent that attempted them", async () => {
    await using runtime = await runtimeWith({ Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } } } });
    const denied = await runtime.pipeline.invoke({
      tool: 'file_write',
      input: { path: '/out/notes.txt', content: 'draft' },
      caller: writer,
    });
    expect(denied.outcome).toBe('Denied');
    const report = await runtime.services.get(NistComplianceReporterService).generateReport();
    expect(evidenceValue(report, 'AC-3', 'permission-gate denials')).toBe(1);
    // The gate's decision and the tool's own record.
    expect(evidenceValue(report, 'IR-5', 'blocked actions')).toBe(2);
    expect(evidenceValue(report, 'IR-5', 'blocked actions of Writer')).toBe(2);
    expect(report.auditPeriod).toMatchObject({ trail: 'memory', records: 2, truncated: false });
    expect(report.findings).toContainEqual({
      controlId: 'IR-5',
      severity: 'Low',
      message: expect.stringContaining('2 blocked action(s) in the period (Guardian 0, permission gate 1, tools 1)'),
    });
    // Kept in memory: the trail goes with the process.
    expect(control(report, 'IR-5').status).toBe('PartiallyImplemented');
    expect(control(report, 'AU-12').status).toBe('Implemented');
  });

  it('judges the Guardian, the audit trail and telemetry as the runtime has them', async () => {
    await using runtime = await runtimeWith({
      Svc: { Guardian: { Enabled: false }, Security: { Audit: { Enabled: false } }, Encryption: { Enabled: true } },
    });
    const report = await runtime.services.get(NistComplianceReporterService).generateReport();
    for (const id of ['SI-10', 'SI-3', 'SC-7', 'RA-5', 'IR-4', 'AU-2', 'AU-9', 'AU-12', 'IR-5'])
      expect(control(report, id).status, id).toBe('NotImplemented');
    expect(control(report, 'SC-28').status).toBe('Implemented');
    expect(evidenceValue(report, 'SI-10', 'Guardian')).toBe('none');
    expect(evidenceValue(report, 'AU-2', 'audit trail')).toBe('none');
    // No exporter registered (no addSvcTelemetry): spans go nowhere.
    expect(evidenceValue(report, 'SI-4', 'telemetry exporter')).toBe('none');
    expect(control(report, 'CM-6')).toMatchObject({
      status: 'PartiallyImplemented',
      rationale: expect.stringContaining('Svc:Guardian:Enabled, Svc:Security:Audit:Enabled'),
    });
    expect(report.auditPeriod).toMatchObject({ trail: 'none', records: 0 });
    expect(report.findings[0]?.severity).toBe('High');
  });

  it('scores the controls that apply: 1 each implemented, 0.5 partial, 0 not, not-applicable left out', async () => {
    await using runtime = await runtimeWith();
    const report = await runtime.services.get(NistComplianceReporterService).generateReport();
    const { score } = report;
    expect(score.total).toBe(25);
    expect(score.implemented + score.partiallyImplemented + score.notImplemented + score.notApplicable).toBe(25);
    const applicable = 25 - score.notApplicable;
    expect(score.overallScore).toBe(
      Math.round(((score.implemented + score.partiallyImplemented / 2) / applicable) * 1000) / 10,
    );
    // No A2A and no MCP settings: those controls do not apply.
    expect(control(report, 'AC-17').status).toBe('NotApplicable');
    expect(control(report, 'AC-20').status).toBe('NotApplicable');
    expect(score.scoresByFamily.PM).toBe(0);
    expect(report.recommendations.map((item) => item.controlId)).toEqual(
      report.controls
        .filter((item) => item.status === 'NotImplemented' || item.status === 'PartiallyImplemented')
        .map((item) => item.id),
    );
  });

  it('writes the report to Svc:Compliance:ReportPath after each run, complete once the runtime is disposed', async () => {
    const crew = defineCrew({
      name: 'echo',
      agents: [{ id: 'writer', role: 'Writer', goal: 'Writes' }],
      tasks: [{ id: 'draft', description: 'Say hello.', expectedOutput: 'A greeting', agent: 'writer' }],
    });
    {
      await using runtime = await runtimeWith(
        { Svc: { Compliance: { ReportPath: 'reports/nist.json' } } },
        { baseDirectory: folder.path, idGenerator: () => 'report-1' },
      );
      const result = await runtime.run(crew, undefined);
      expect(result.success).toBe(true);
    }
    const report = JSON.parse(
      await readFile(join(folder.path, 'reports', 'nist.json'), 'utf8'),
    ) as NistComplianceReport;
    expect(report).toMatchObject({ reportId: 'report-1', basis: 'runtime', score: { total: 25 } });
    expect(control(report, 'PM-31').evidence).toContainEqual({
      source: 'setting',
      name: 'Svc:Compliance:ReportPath',
      value: 'set',
    });
  });

  it('writes nothing and logs an error naming the file when the report cannot be written; the run stands', async () => {
    const logs = captureLogger();
    const configuration = configurationOf({ Svc: { Compliance: { ReportPath: 'report.md' } } });
    // A file where the report's folder should be.
    const blocked = join(folder.path, 'not-a-folder');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocked, 'x'));
    const services = addSvcNistCompliance(new ServiceCollection(), configuration, {
      acknowledgeExperimental: true,
      baseDirectory: blocked,
    });
    const crew = defineCrew({
      name: 'echo',
      agents: [{ id: 'writer', role: 'Writer', goal: 'Writes' }],
      tasks: [{ id: 'draft', description: 'Say hello.', expectedOutput: 'A greeting', agent: 'writer' }],
    });
    {
      await using runtime = await createRuntime({ services, configuration, logger: logs.logger });
      expect((await runtime.run(crew, undefined)).success).toBe(true);
    }
    const error = logs.records().find((record) => record.level === 50);
    expect(error?.msg).toBe(`the compliance report could not be written to ${join(blocked, 'report.md')}`);
    expect(JSON.stringify(error?.err)).toContain('COMPLIANCE_REPORT_WRITE_FAILED');
  });

  it('registers nothing with Enabled false, keeps a host’s reporter, and refuses an unknown key at start', async () => {
    const off = addSvcNistCompliance(
      new ServiceCollection(),
      configurationOf({ Svc: { Compliance: { Enabled: false } } }),
      { acknowledgeExperimental: true },
    ).build();
    expect(off.tryGet(NistComplianceReporterService)).toBeUndefined();
    const own = new NistComplianceReporter({ configuration: configurationOf() });
    const services = new ServiceCollection().addInstance(NistComplianceReporterService, own);
    addSvcNistCompliance(services, configurationOf(), { acknowledgeExperimental: true });
    expect(services.build().get(NistComplianceReporterService)).toBe(own);
    expect(() => configurationOf({ Svc: { Compliance: { PeriodDay: 7 } } })).toThrow(ConfigurationError);
    expect(() => configurationOf({ Svc: { Compliance: { ReportPath: 'report.txt' } } })).toThrow(
      /must end with \.json, \.md or \.html/,
    );
  });

  it('logs one SVCEXP007 warning unless acknowledged', () => {
    const logs = captureLogger();
    addSvcNistCompliance(new ServiceCollection(), configurationOf(), { logger: logs.logger });
    addSvcNistCompliance(new ServiceCollection(), configurationOf(), {
      logger: logs.logger,
      acknowledgeExperimental: true,
    });
    expect(
      logs.records().filter((record) => record.diagnosticId === nistComplianceExperimentalDiagnosticId),
    ).toHaveLength(1);
    expect(nistComplianceExperimentalDiagnosticId).toBe('SVCEXP007');
  });
});
