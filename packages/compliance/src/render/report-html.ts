import type { ControlStatus, NistComplianceReport } from '../nist-compliance-report.js';
import { familyNames, formatScore, statusLabels } from './report-labels.js';

/** Every character that could start markup or end an attribute, as an entity. */
export function htmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const statusClasses: Readonly<Record<ControlStatus, string>> = {
  Implemented: 'ok',
  PartiallyImplemented: 'part',
  NotImplemented: 'no',
  NotApplicable: 'na',
};

// One page with its style inside: it opens anywhere, offline, and loads nothing.
const style = `
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1d232a}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #d8dee4;padding-bottom:.3rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d8dee4;padding:.35rem .55rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right}code{font:13px ui-monospace,Menlo,Consolas,monospace}
.badge{display:inline-block;border-radius:.8rem;padding:.05rem .6rem;font-size:.8rem;font-weight:600}
.ok{background:#d8f5dd;color:#135d22}.part{background:#fff1c7;color:#6b4b00}.no{background:#ffd9d6;color:#8a1c12}.na{background:#e8ebee;color:#47505a}
.High{color:#8a1c12;font-weight:600}.Medium{color:#6b4b00}.Low{color:#47505a}
details{border:1px solid #d8dee4;border-radius:.4rem;margin:.4rem 0;padding:.4rem .7rem}summary{cursor:pointer}
.muted{color:#57606a}`;

/** The report as one self-contained HTML page; everything from settings and records is escaped. */
export function renderReportHtml(report: NistComplianceReport): string {
  const { score, auditPeriod: period } = report;
  const badge = (status: ControlStatus) =>
    `<span class="badge ${statusClasses[status]}">${statusLabels[status]}</span>`;
  const families = Object.entries(score.scoresByFamily)
    .map(
      ([family, value]) =>
        `<tr><td>${family} ${familyNames[family as keyof typeof familyNames]}</td><td class="n">${formatScore(value)}</td></tr>`,
    )
    .join('');
  const findings =
    report.findings.length === 0
      ? '<p>None.</p>'
      : `<table><tr><th>severity</th><th>control</th><th>finding</th></tr>${report.findings
          .map(
            (finding) =>
              `<tr><td class="${finding.severity}">${finding.severity}</td><td>${htmlText(finding.controlId)}</td><td>${htmlText(finding.message)}</td></tr>`,
          )
          .join('')}</table>`;
  const recommendations =
    report.recommendations.length === 0
      ? '<p>None.</p>'
      : `<table><tr><th>control</th><th>setting</th><th>value</th><th>what to do</th></tr>${report.recommendations
          .map(
            (item) =>
              `<tr><td>${htmlText(item.controlId)}</td><td>${item.setting === undefined ? '' : `<code>${htmlText(item.setting)}</code>`}</td><td>${item.value === undefined ? '' : `<code>${htmlText(item.value)}</code>`}</td><td>${htmlText(item.action)}</td></tr>`,
          )
          .join('')}</table>`;
  const controls = report.controls
    .map(
      (control) =>
        `<details${control.status === 'NotImplemented' ? ' open' : ''}><summary><strong>${htmlText(control.id)} ${htmlText(control.title)}</strong> ${badge(control.status)}</summary>` +
        `<p>${htmlText(control.description)}</p><p><strong>Why:</strong> ${htmlText(control.rationale)}</p>` +
        `<table><tr><th>evidence</th><th>value</th><th>source</th></tr>${control.evidence
          .map(
            (evidence) =>
              `<tr><td>${htmlText(evidence.name)}</td><td>${htmlText(String(evidence.value))}</td><td>${evidence.source}</td></tr>`,
          )
          .join('')}</table></details>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>NIST SP 800-53 compliance report ${htmlText(report.generatedAt)}</title>
<style>${style}</style>
</head>
<body>
<h1>NIST SP 800-53 compliance report</h1>
<p class="muted">Report ${htmlText(report.reportId)}, generated ${htmlText(report.generatedAt)}, judged from the ${report.basis === 'runtime' ? 'running runtime' : 'settings'} and ${period.records} audit record(s) from ${htmlText(period.from)} to ${htmlText(period.to)} (trail: ${htmlText(period.trail)}${period.truncated ? ', newest records only' : ''}).</p>
<h2>Score</h2>
<table><tr><th>overall</th><th>implemented</th><th>partially implemented</th><th>not implemented</th><th>not applicable</th></tr>
<tr><td class="n"><strong>${formatScore(score.overallScore)}</strong></td><td class="n">${score.implemented}</td><td class="n">${score.partiallyImplemented}</td><td class="n">${score.notImplemented}</td><td class="n">${score.notApplicable}</td></tr></table>
<table><tr><th>family</th><th>score</th></tr>${families}</table>
<h2>Findings</h2>
${findings}
<h2>Recommendations</h2>
${recommendations}
<h2>Controls</h2>
${controls}
</body>
</html>
`;
}
