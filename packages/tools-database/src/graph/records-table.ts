import type { RowSet } from '../results/statement-outcome.js';

/**
 * Results of a graph query as rows: records (plain objects) become one column per
 * key, in the order keys first appear among the rows kept; anything else (numbers,
 * lists, paths) becomes one column named `result`.
 */
export function recordsToRowSet(results: readonly unknown[], maxRows: number): RowSet {
  const kept = results.slice(0, maxRows);
  const records = kept.length > 0 && kept.every(isRecord);
  if (!records)
    return { columns: ['result'], rows: kept.map((value) => [value]), totalRows: results.length, totalExact: true };
  const columns: string[] = [];
  const known = new Set<string>();
  for (const record of kept as Record<string, unknown>[])
    for (const key of Object.keys(record))
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
  const rows = (kept as Record<string, unknown>[]).map((record) =>
    columns.map((column) => (Object.hasOwn(record, column) ? record[column] : null)),
  );
  return { columns, rows, totalRows: results.length, totalExact: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
