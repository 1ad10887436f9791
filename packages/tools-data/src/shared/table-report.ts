import type { Cell } from './cell.js';
import { type ColumnStatistics, maxSummarisedColumns } from './column-statistics.js';
import { formatCount, plural } from './quantities.js';
import type { RowWindow } from './row-window.js';

/** What the CSV and XLSX readers do with the rows they stream. */
export type TableReadMode = 'rows' | 'count' | 'statistics';

/** Where the rows came from and how far the read went. */
export interface TableSource {
  /** How the result names the table: `'/data/a.csv'` or `sheet 'Sales' of '/data/a.xlsx'`. */
  readonly label: string;
  readonly columns: readonly string[];
  /** True when the read reached the end of the table. */
  readonly complete: boolean;
  /** A guess at the number of data rows when the read stopped early, if the reader can make one. */
  readonly estimatedTotal?: number;
  /** Extra sentences (e.g. which sheet rows the data rows are). */
  readonly notes?: readonly string[];
}

/** The result of `rows` mode: a summary saying what was shown and cut, the columns, one row per line. */
export function rowsReport(source: TableSource, window: RowWindow, maxCellCharacters: number): string {
  const shown = window.rows.length;
  const first = window.offset + 1;
  const last = window.offset + shown;
  const sentences: string[] = [];
  if (shown === 0) {
    sentences.push(
      source.complete
        ? `No rows at offset ${formatCount(window.offset)}: ${source.label} has ${plural(window.seen, 'data row')}. Ask with an offset below ${formatCount(window.seen)}.`
        : `No rows were read from ${source.label}.`,
    );
  } else if (!window.more) {
    sentences.push(
      `Rows ${formatCount(first)}-${formatCount(last)} of ${formatCount(window.seen)} in ${source.label}.`,
    );
  } else {
    const estimate =
      source.estimatedTotal !== undefined && source.estimatedTotal > window.seen
        ? ` (about ${formatCount(source.estimatedTotal)} judged by the share of the file read)`
        : '';
    sentences.push(
      `Rows ${formatCount(first)}-${formatCount(last)} of at least ${formatCount(window.seen)} in ${source.label}${estimate}.`,
    );
    if (window.cutByCharacters) {
      sentences.push(
        'The character limit of one answer (Svc:Tools:Data:MaxCharacters) ended the list early; ask for fewer columns or rows per call.',
      );
    }
    sentences.push(`Ask with offset ${last} for the next rows, or mode "count" for the exact number.`);
  }
  if (window.cutCells > 0) {
    sentences.push(
      `${plural(window.cutCells, 'cell')} longer than ${formatCount(maxCellCharacters)} characters ${window.cutCells === 1 ? 'was' : 'were'} cut.`,
    );
  }
  sentences.push(...(source.notes ?? []));
  return renderJson({ summary: sentences.join(' '), columns: source.columns }, 'rows', window.rows);
}

/** The result of `count` mode. */
export function countReport(source: TableSource, rows: number): string {
  const sentences = [
    `${source.label} has ${plural(rows, 'data row')} and ${plural(source.columns.length, 'column')}.`,
    ...(source.notes ?? []),
  ];
  return renderJson({ summary: sentences.join(' '), rows, columns: source.columns }, undefined, []);
}

/** The result of `statistics` mode: one summary per column, one per line. */
export function statisticsReport(
  source: TableSource,
  statistics: ColumnStatistics,
  fallbackName: (index: number) => string,
  resolveExample: (cell: Cell) => Cell = (cell) => cell,
): string {
  const summaries = statistics
    .summaries(source.columns, fallbackName)
    .map((summary) => ({ ...summary, examples: summary.examples.map(resolveExample) }));
  const sentences = [
    `Statistics of ${plural(statistics.rows, 'data row')} in ${source.label}, read to the end.`,
    'numbers counts cells holding a number; distinct stops counting at the limit shown.',
  ];
  const width = Math.max(statistics.width, source.columns.length);
  if (width > maxSummarisedColumns) {
    sentences.push(
      `Only the first ${formatCount(maxSummarisedColumns)} of ${formatCount(width)} columns are summarised.`,
    );
  }
  sentences.push(...(source.notes ?? []));
  return renderJson({ summary: sentences.join(' '), rows: statistics.rows }, 'columns', summaries);
}

/** JSON with the list `listKey` written one item a line, so a person and a model can both scan it. */
function renderJson(head: Record<string, unknown>, listKey: string | undefined, items: readonly unknown[]): string {
  const opening = JSON.stringify(head);
  if (listKey === undefined) return opening;
  const body = items.map((item) => JSON.stringify(item)).join(',\n');
  const list = items.length === 0 ? '[]' : `[\n${body}\n]`;
  return `${opening.slice(0, -1)},${JSON.stringify(listKey)}:${list}}`;
}

export type { Cell };
