import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { NistComplianceReport } from '@orkeon/compliance';
import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';
import { loadedModulesOf, moduleUrl } from './startup/loaded-modules.js';

const scripted = useScriptedRun({
  crew: `name: editors
agents:
  editor: { role: Editor, goal: Edits notes, tools: [file_read, file_write, http_api] }
tasks:
  edit: { description: Read the notes and write a summary., expected_output: A summary, agent: editor }
`,
  files: { 'data/notes.txt': 'Opening hours: 9 to 5.', 'out/.keep': '' },
});

/** The gate in plan mode: reads go through, writes are denied (nobody is asked in a headless run). */
const gatedSettings = (compliance: Record<string, unknown> = {}) =>
  JSON.stringify({ Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } }, Compliance: compliance } });

const runArguments = () => [
  'run',
  'crew.yaml',
  '--mount',
  `${join(scripted.folder.path, 'data')}:/data:ro`,
  '--mount',
  `${join(scripted.folder.path, 'out')}:/out:rw`,
];

/** One read, one write the gate denies, one path the Guardian refuses; then the answer. */
function scriptTheRun(): void {
  scripted.server.enqueue(
    {
      toolCalls: [
        { id: 'a', name: 'file_read', arguments: { path: '/data/notes.txt' } },
        { id: 'b', name: 'file_write', arguments: { path: '/out/summary.txt', content: 'Open 9 to 5.' } },
        { id: 'c', name: 'file_read', arguments: { path: '/data/../../etc/shadow' } },
      ],
    },
    { text: 'Open 9 to 5.' },
  );
}

const control = (report: NistComplianceReport, id: string) => report.controls.find((item) => item.id === id);
const evidenceValue = (report: NistComplianceReport, id: string, name: string) =>
  control(report, id)?.evidence.find((item) => item.name === name)?.value;

describe('orkeon run with Svc:Compliance:ReportPath (a real process)', () => {
  it('writes the report after the run, judged from the live runtime, with the run’s denials as evidence', async () => {
    await scripted.write('appsettings.json', gatedSettings({ ReportPath: 'compliance/report.md' }));
    scriptTheRun();
    const run = await finished(scripted.start(runArguments()));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('SVCEXP007');
    expect(existsSync(join(scripted.folder.path, 'out', 'summary.txt'))).toBe(false);

    const markdown = await readFile(join(scripted.folder.path, 'compliance', 'report.md'), 'utf8');
    expect(markdown).toContain('judged from the running runtime');
    expect(markdown).toContain('### AC-3 Access Enforcement: implemented');
    expect(markdown).toContain('  - permission gate: mode plan (runtime)');
    expect(markdown).toContain('  - permission-gate denials: 1 (audit)');
    // The crew's folder is mounted read-only at /crew beside the two --mount mounts.
    expect(markdown).toContain('  - agent mounts: /crew ro, /data ro, /out rw (runtime)');
    expect(markdown).toMatch(/ {2}- Guardian blocks, ToolExecution: 1 \(audit\)/);
    expect(markdown).toContain(`trail: sqlite ${join(scripted.folder.path, '.orkeon', 'state.db')}`);

    // The same trail, read afterwards by the report command.
    const report = await scripted.run(['compliance', 'report', '--format', 'json']);
    expect(report.code, report.stderr).toBe(0);
    const json = JSON.parse(report.stdout) as NistComplianceReport;
    expect(json.basis).toBe('settings');
    expect(evidenceValue(json, 'AC-3', 'permission-gate denials')).toBe(1);
    // The gate's denial, the tool's Denied record, the Guardian's block and the tool's Blocked record.
    expect(evidenceValue(json, 'IR-5', 'blocked actions')).toBe(4);
    expect(evidenceValue(json, 'IR-5', 'blocked actions of Editor')).toBe(4);
    expect(control(json, 'IR-5')?.status).toBe('Implemented');
    expect(control(json, 'AU-11')?.status).toBe('Implemented');
    expect(control(json, 'PM-31')?.evidence).toContainEqual({
      source: 'setting',
      name: 'Svc:Compliance:ReportPath',
      value: 'set',
    });
  }, 60_000);
});

describe('orkeon compliance report', () => {
  it('writes an HTML page with --output and prints the score', async () => {
    await scripted.write('appsettings.json', gatedSettings());
    scriptTheRun();
    expect((await scripted.run(runArguments())).code).toBe(0);
    const written = await scripted.run(['compliance', 'report', '--output', 'nist.html', '--since', '1h']);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(
      /^NIST SP 800-53: \d+\.\d % \(\d+ implemented, \d+ partially, \d+ not, 2 not applicable\); \d+ finding\(s\)\. Written to .*nist\.html\.\n$/,
    );
    const html = await readFile(join(scripted.folder.path, 'nist.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('AC-3 Access Enforcement</strong> <span class="badge ok">implemented</span>');

    // The settings named after the verb: without the gate, AC-3 is only partly there.
    const ungatedSettings = await scripted.write('ungated.json', '{}');
    const ungated = await scripted.run(['compliance', 'report', '--format', 'json', '--settings', ungatedSettings]);
    expect(ungated.code, ungated.stderr).toBe(0);
    expect(control(JSON.parse(ungated.stdout) as NistComplianceReport, 'AC-3')?.status).toBe('PartiallyImplemented');

    const unwritable = await scripted.run(['compliance', 'report', '--output', 'crew.yaml/nist.md']);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(
      /CLI_USAGE_INVALID: The compliance report could not be written to .*crew\.yaml\/nist\.md/,
    );
  });

  it('finds records removed from the state file: AU-9 is not implemented', async () => {
    scriptTheRun();
    expect((await scripted.run(runArguments())).code).toBe(0);
    const database = new DatabaseSync(join(scripted.folder.path, '.orkeon', 'state.db'));
    const sequences = database.prepare('SELECT sequence FROM audit_records ORDER BY sequence').all() as {
      sequence: number;
    }[];
    expect(sequences.length).toBeGreaterThanOrEqual(3);
    database.prepare('DELETE FROM audit_records WHERE sequence = ?').run(sequences[1]?.sequence ?? 0);
    database.close();

    const report = await scripted.run(['compliance', 'report', '--format', 'json']);
    const json = JSON.parse(report.stdout) as NistComplianceReport;
    expect(control(json, 'AU-9')).toMatchObject({
      status: 'NotImplemented',
      rationale: expect.stringContaining('1 record number(s) are missing'),
    });
    expect(json.findings[0]).toMatchObject({ controlId: expect.any(String), severity: 'High' });
    expect(json.findings.map((finding) => finding.controlId)).toContain('AU-9');
  });

  it('answers bad arguments and a missing trail with exit code 1 and the fix', async () => {
    const missing = await scripted.run(['compliance', 'report']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No state database at');
    expect(missing.stderr).toContain('--state <file>');

    const format = await scripted.run(['compliance', 'report', '--format', 'pdf']);
    expect(format.code).toBe(1);
    expect(format.stderr).toMatch(/CLI_USAGE_INVALID: .*'pdf' is invalid\. Allowed choices are json, md, html/);

    const extension = await scripted.run(['compliance', 'report', '--output', 'report.txt']);
    expect(extension.code).toBe(1);
    expect(extension.stderr).toContain('--output report.txt names no report format: end it with .json, .md or .html');

    await scripted.write('appsettings.json', JSON.stringify({ Svc: { Compliance: { PeriodDay: 7 } } }));
    const unknown = await scripted.run(['compliance', 'report']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("'Svc:Compliance:PeriodDay'");

    const help = await scripted.run(['compliance', 'report', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format <format>');
    expect(help.stdout).toContain('--output <file>');
  });

  it('fails with exit code 2 when the audit trail cannot be read', async () => {
    const report = await scripted.run(['compliance', 'report'], {
      environment: { SVC_Svc__Checkpointing__Postgres__ConnectionString: 'postgres://orkeon@127.0.0.1:1/orkeon' },
    });
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('COMPLIANCE_AUDIT_TRAIL_UNREADABLE');
    expect(report.stderr).not.toContain('postgres://');
  });

  it('--help loads neither @orkeon/compliance nor @orkeon/core', async () => {
    const { code, modules } = await loadedModulesOf(['compliance', 'report', '--help'], { cwd: scripted.folder.path });
    expect(code).toBe(0);
    expect(modules).toContain(moduleUrl('packages/cli/src/commands/compliance-command-definition.ts'));
    expect(modules.filter((url) => /packages\/(compliance|core)\/|compliance-command\.ts$/.test(url))).toEqual([]);
  });
});
