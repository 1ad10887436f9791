// The NIST SP 800-53 report over a full period: 10,000 audit records in the SQLite state file,
// against the anchor of reading the same records (what `orkeon audit --limit 10000` does), so the
// ratio is what judging 25 controls and counting the records adds. Goal: at most 1.5× the read.
// `npm run bench -- compliance`, or alone: `node --conditions=@orkeon/source --import tsx bench/compliance.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NistComplianceReporter, nistComplianceSettings } from '@orkeon/compliance';
import { type AuditRecord, Configuration, coreSettingsSections } from '@orkeon/core';
import { SqliteAuditTrail } from '@orkeon/store-sqlite';

export interface ComplianceMeasurement {
  readonly records: number;
  readonly reportMilliseconds: number;
  readonly readMilliseconds: number;
}

const recordCount = 10_000;

/** A day of work: tool calls, a Guardian block now and then, permission decisions, a few failures. */
function records(now: number): AuditRecord[] {
  return Array.from({ length: recordCount }, (_, index): AuditRecord => {
    const kind = index % 10 === 0 ? 'guardian' : index % 4 === 0 ? 'permission' : 'tool';
    const outcome = index % 17 === 0 ? 'Blocked' : index % 23 === 0 ? 'Failure' : 'Success';
    return {
      at: new Date(now - (recordCount - index) * 8_000).toISOString(),
      kind,
      outcome,
      tool: ['file_read', 'file_write', 'http_api', 'shell_command'][index % 4] as string,
      agent: `Agent ${index % 7}`,
      crew: 'research',
      task: `task-${index % 13}`,
      run: `run-${Math.floor(index / 200)}`,
      caller: 'agent',
      durationMilliseconds: index % 300,
      ...(kind === 'guardian' ? { detail: 'ToolExecution: path-traversal' } : {}),
    };
  });
}

export async function measureCompliance(): Promise<ComplianceMeasurement> {
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-compliance-'));
  const trail = new SqliteAuditTrail({ path: join(folder, 'state.db') });
  try {
    const now = Date.now();
    await trail.append(records(now));
    const since = new Date(now - 30 * 86_400_000);
    const reporter = new NistComplianceReporter({
      configuration: Configuration.fromObject({}, [...coreSettingsSections, nistComplianceSettings]),
      auditTrail: { trail, description: 'sqlite bench', durable: true },
      environment: {},
    });
    const check = await reporter.generateReport({ since });
    if (check.auditPeriod.records !== recordCount) throw new Error(`read ${check.auditPeriod.records} records`);
    // Turn about, one of each per round, and the medians: a busy machine slows both sides alike.
    const report: number[] = [];
    const read: number[] = [];
    for (let round = 0; round < 60; round++) {
      let started = performance.now();
      await reporter.generateReport({ since });
      report.push(performance.now() - started);
      started = performance.now();
      await trail.query({ since, limit: recordCount });
      read.push(performance.now() - started);
    }
    return { records: recordCount, reportMilliseconds: median(report), readMilliseconds: median(read) };
  } finally {
    await trail.close();
    await rm(folder, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function complianceSection(measured: ComplianceMeasurement, note?: string): string[] {
  return [
    '## Compliance report (anchor: reading the same audit records)',
    '',
    '| audit records | report (median ms) | read only (median ms) | report / read |',
    '| ---: | ---: | ---: | ---: |',
    `| ${measured.records.toLocaleString('en-US')} | ${measured.reportMilliseconds.toFixed(1)} | ${measured.readMilliseconds.toFixed(1)} | ${(measured.reportMilliseconds / measured.readMilliseconds).toFixed(2)}× |`,
    '',
    `One NIST SP 800-53 report (\`NistComplianceReporter.generateReport\`, settings at their defaults) over a period holding ${measured.records.toLocaleString('en-US')} records in a SQLite state file, against \`SqliteAuditTrail.query\` of the same records, which the report starts with. The difference is the counting and the judging of the 25 controls. Goal: at most 1.5×.${note === undefined ? '' : ` ${note}`}`,
    '',
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${complianceSection(await measureCompliance()).join('\n')}\n`);
}
