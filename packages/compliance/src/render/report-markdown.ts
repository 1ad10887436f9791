import type { ControlEvidence, NistComplianceReport } from '../nist-compliance-report.js';
import { familyNames, formatScore, statusLabels } from './report-labels.js';

/**
 * Text from settings and records is escaped so that it reads as written and cannot add
 * markup, links or table cells: the characters of emphasis, code, links, strike-through and
 * cells get a backslash (a link needs `[`, so `(` may stay), `<`, `>` and `&` become
 * entities, and line breaks become spaces.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_[\]|~]/g, (character) => `\\${character}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function evidenceLine(evidence: ControlEvidence): string {
  return `  - ${markdownText(evidence.name)}: ${markdownText(String(evidence.value))} (${evidence.source})`;
}

/** The report as a Markdown page: the score, the findings, the recommendations, then every control. */
export function renderReportMarkdown(report: NistComplianceReport): string {
  const { score, auditPeriod: period } = report;
  const lines: string[] = [
    '# NIST SP 800-53 compliance report',
    '',
    `Report ${markdownText(report.reportId)}, generated ${report.generatedAt}, judged from the ${report.basis === 'runtime' ? 'running runtime' : 'settings'} and ${period.records} audit record(s) from ${period.from} to ${period.to} (trail: ${markdownText(period.trail)}${period.truncated ? ', newest records only' : ''}).`,
    '',
    '## Score',
    '',
    '| overall | implemented | partially implemented | not implemented | not applicable |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${formatScore(score.overallScore)} | ${score.implemented} | ${score.partiallyImplemented} | ${score.notImplemented} | ${score.notApplicable} |`,
    '',
    '| family | score |',
    '| --- | ---: |',
    ...Object.entries(score.scoresByFamily).map(
      ([family, value]) => `| ${family} ${familyNames[family as keyof typeof familyNames]} | ${formatScore(value)} |`,
    ),
    '',
    '## Findings',
    '',
  ];
  if (report.findings.length === 0) lines.push('None.');
  else {
    lines.push('| severity | control | finding |', '| --- | --- | --- |');
    for (const finding of report.findings)
      lines.push(`| ${finding.severity} | ${finding.controlId} | ${markdownText(finding.message)} |`);
  }
  lines.push('', '## Recommendations', '');
  if (report.recommendations.length === 0) lines.push('None.');
  else {
    lines.push('| control | setting | value | what to do |', '| --- | --- | --- | --- |');
    for (const item of report.recommendations)
      lines.push(
        `| ${item.controlId} | ${item.setting === undefined ? '' : `\`${item.setting.replace(/`/g, "'")}\``} | ${markdownText(item.value ?? '')} | ${markdownText(item.action)} |`,
      );
  }
  lines.push('', '## Controls', '');
  for (const control of report.controls) {
    lines.push(
      `### ${control.id} ${control.title}: ${statusLabels[control.status]}`,
      '',
      control.description,
      '',
      `**Why:** ${markdownText(control.rationale)}`,
      '',
      '- Evidence:',
      ...control.evidence.map(evidenceLine),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
