import type { IndexReport } from '../indexing/index-report.js';
import { capped, describeCounts } from './text-format.js';

/** How many paths a report names per kind of change. */
const namedPaths = 8;

/** An index report as the lines index_codebase and incremental_reindex answer. */
export function describeIndexReport(report: IndexReport, heading: string): string {
  const { changes } = report;
  const lines = [`${heading} ${report.root} in ${report.durationMilliseconds} ms: ${describeCounts(report)}.`];
  const touched = changes.added.length + changes.changed.length + changes.removed.length;
  if (touched === 0) lines.push(`No file changed since the last index (${changes.unchanged} checked).`);
  else {
    const parts = [
      describeChange('added', changes.added),
      describeChange('changed', changes.changed),
      describeChange('removed', changes.removed),
    ].filter((part) => part !== '');
    lines.push(`Changes: ${parts.join('; ')}; ${changes.unchanged} unchanged.`);
  }
  if (report.embedding !== undefined)
    lines.push(
      `Search: words and vectors (${report.embedding.model}, ${report.embedding.dimensions} dimensions)${changes.embedded > 0 ? `; ${changes.embedded} symbol(s) embedded now` : ''}.`,
    );
  else lines.push('Search: words only (no embedding provider).');
  if (changes.embeddingProblem !== undefined) lines.push(`Embedding problem: ${changes.embeddingProblem}.`);
  if (report.rebuiltBecause !== undefined) lines.push(`Built from the sources because ${report.rebuiltBecause}.`);
  lines.push(
    report.saveProblem === undefined
      ? `Saved in ${report.indexFile}.`
      : `Not saved (${report.saveProblem}); the index lives in memory for this run. Mount RaggableTree:IndexDirectory writable to keep it.`,
  );
  if (changes.oversized.length > 0)
    lines.push(`Skipped for size (RaggableTree:MaxFileBytes): ${capped(changes.oversized, namedPaths, String)}.`);
  if (changes.unreadable.length > 0) lines.push(`Unreadable: ${capped(changes.unreadable, namedPaths, String)}.`);
  if (changes.truncated)
    lines.push('The folder holds more files than one index takes (50,000): index a smaller folder.');
  return lines.join('\n');
}

function describeChange(what: string, paths: readonly string[]): string {
  return paths.length === 0 ? '' : `${paths.length} ${what} (${capped(paths, namedPaths, String)})`;
}
