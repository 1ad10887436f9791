import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Configuration, coreSettingsSections, createRuntime, ServiceCollection } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSvcNistCompliance,
  type ComplianceReportFormat,
  ComplianceReportFormatError,
  type NistComplianceReport,
  NistComplianceReporterService,
  nistComplianceSettings,
  renderComplianceReport,
  writeComplianceReport,
} from '../src/index.js';

const hostile = '<script>alert(1)</script> | **bold** [link](http://x) & "quoted"';

let folder: TemporaryDirectory;
let report: NistComplianceReport;

// One report whose evidence holds a name an agent chose: the denied caller below.
beforeAll(async () => {
  folder = await createTemporaryDirectory();
  const configuration = Configuration.fromObject(
    { Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } } } },
    [...coreSettingsSections, nistComplianceSettings],
  );
  const services = addSvcNistCompliance(new ServiceCollection(), configuration, {
    acknowledgeExperimental: true,
    environment: {},
  });
  await using runtime = await createRuntime({
    services,
    configuration,
    logger: captureLogger().logger,
    mounts: [`${folder.path}:/out:rw`],
  });
  await runtime.pipeline.invoke({
    tool: 'file_write',
    input: { path: '/out/a.txt', content: 'x' },
    caller: { kind: 'agent', agent: hostile },
  });
  report = await runtime.services.get(NistComplianceReporterService).generateReport();
});
afterAll(async () => {
  await folder.remove();
});

describe('renderComplianceReport', () => {
  it('gives the report object as JSON', () => {
    expect(JSON.parse(renderComplianceReport(report, 'json'))).toEqual(report);
  });

  it('escapes what came from settings and records in Markdown, so it adds no markup or table cell', () => {
    const markdown = renderComplianceReport(report, 'md');
    expect(markdown).toContain('# NIST SP 800-53 compliance report');
    expect(markdown).toContain('### AC-3 Access Enforcement: implemented');
    expect(markdown).not.toContain('<script>');
    expect(markdown).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; \\| \\*\\*bold\\*\\* \\[link\\](http://x) &amp; "quoted"',
    );
    // Every row of the findings table has its three cells, whatever the messages hold.
    const findings = markdown.split('## Findings')[1]?.split('## Recommendations')[0] ?? '';
    for (const row of findings.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---')))
      expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(5);
  });

  it('gives one self-contained HTML page with everything escaped and nothing loaded from elsewhere', () => {
    const html = renderComplianceReport(report, 'html');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toContain('<script');
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; | **bold** [link](http://x) &amp; &quot;quoted&quot;',
    );
    expect(html).not.toMatch(/<(link|img|iframe)\b|\bsrc=|@import|url\(/i);
    expect(html).toContain('<span class="badge ok">implemented</span>');
    expect(html.match(/<details/g)).toHaveLength(25);
  });

  it('lets no text from settings or records add a tag, a line or a table cell (property)', () => {
    const withText = (text: string): NistComplianceReport => ({
      ...report,
      findings: [{ controlId: 'IR-5', severity: 'Low', message: text }],
      controls: report.controls.map((item) => ({
        ...item,
        rationale: text,
        evidence: [{ source: 'audit', name: text, value: text }],
      })),
    });
    const plain = withText('text');
    const shape = (html: string) => (html.match(/</g) ?? []).length;
    const cells = (markdown: string) =>
      markdown.split('\n').map((line) => (line.replace(/\\\\/g, '').match(/(?<!\\)\|/g) ?? []).length);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(shape(renderComplianceReport(withText(text), 'html'))).toBe(
          shape(renderComplianceReport(plain, 'html')),
        );
        expect(cells(renderComplianceReport(withText(text), 'md'))).toEqual(cells(renderComplianceReport(plain, 'md')));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an unknown format, naming the ones there are', () => {
    expect(() => renderComplianceReport(report, 'pdf' as ComplianceReportFormat)).toThrow(ComplianceReportFormatError);
    expect(() => renderComplianceReport(report, 'pdf' as ComplianceReportFormat)).toThrow(/use json, md or html/);
  });
});

describe('writeComplianceReport', () => {
  it('writes the format the extension names, making the folder', async () => {
    const path = join(folder.path, 'out', 'nested', 'report.html');
    await writeComplianceReport(report, path);
    expect(await readFile(path, 'utf8')).toBe(renderComplianceReport(report, 'html'));
  });

  it('refuses a file name without a report extension, and a folder it cannot make', async () => {
    await expect(writeComplianceReport(report, join(folder.path, 'report.txt'))).rejects.toMatchObject({
      code: 'COMPLIANCE_REPORT_FORMAT_UNKNOWN',
      message: expect.stringContaining('must end with .json, .md or .html'),
    });
    const file = join(folder.path, 'out', 'nested', 'report.html');
    await expect(writeComplianceReport(report, join(file, 'inside.json'))).rejects.toMatchObject({
      code: 'COMPLIANCE_REPORT_WRITE_FAILED',
      path: join(file, 'inside.json'),
    });
  });
});
