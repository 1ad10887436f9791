import { cellValue } from './cell-text.js';
import type { RowSet, StatementOutcome } from './statement-outcome.js';

/** How a tool answers: a compact text table (the default) or JSON. */
export type ResultFormat = 'table' | 'json';

export interface FormatOptions {
  readonly format: ResultFormat;
  readonly maxCellCharacters: number;
  /** What to do about cut rows, e.g. "add a WHERE clause or a LIMIT". */
  readonly narrowingHint: string;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The answer of one statement, saying what was cut. */
export function formatOutcome(outcome: StatementOutcome, options: FormatOptions): string {
  return options.format === 'json' ? formatJson(outcome, options) : formatTable(outcome, options);
}

/** "3 rows", or "first 1,000 of 52,340 rows …", or "first 1,000 of at least 100,000 rows …". */
export function describeRowCount(rowSet: RowSet, narrowingHint: string, noun = 'rows'): string {
  const shown = rowSet.rows.length;
  if (shown === rowSet.totalRows && rowSet.totalExact)
    return `${count(shown)} ${shown === 1 ? noun.replace(/s$/, '') : noun}`;
  const total = rowSet.totalExact ? count(rowSet.totalRows) : `at least ${count(rowSet.totalRows)}`;
  const cut = rowSet.totalExact ? `the other ${count(rowSet.totalRows - shown)} were cut` : 'the rest were cut';
  return `first ${count(shown)} of ${total} ${noun}; ${cut}: ${narrowingHint}`;
}

function formatTable(outcome: StatementOutcome, options: FormatOptions): string {
  const lines: string[] = [];
  const { rowSet } = outcome;
  if (rowSet !== undefined && rowSet.columns.length > 0) {
    lines.push(rowSet.columns.map(tableCell).join(' | '));
    for (const row of rowSet.rows)
      lines.push(
        rowSet.columns.map((_, index) => tableCell(cellValue(row[index], options.maxCellCharacters))).join(' | '),
      );
    lines.push(`(${describeRowCount(rowSet, options.narrowingHint)})`);
  }
  const done = describeChange(outcome);
  if (done !== undefined) lines.push(done);
  return lines.length === 0 ? 'The statement ran and returned nothing.' : lines.join('\n');
}

function formatJson(outcome: StatementOutcome, options: FormatOptions): string {
  const { rowSet } = outcome;
  const body: Record<string, unknown> = {};
  if (rowSet !== undefined && rowSet.columns.length > 0) {
    body.columns = rowSet.columns;
    body.rows = rowSet.rows.map((row) =>
      rowSet.columns.map((_, index) => cellValue(row[index], options.maxCellCharacters)),
    );
    body.rowCount = rowSet.totalRows;
    if (!rowSet.totalExact || rowSet.rows.length < rowSet.totalRows)
      body.cut = describeRowCount(rowSet, options.narrowingHint);
  }
  if (outcome.affectedRows !== undefined) body.affectedRows = outcome.affectedRows;
  if (outcome.command !== undefined) body.command = outcome.command;
  return JSON.stringify(body);
}

function describeChange(outcome: StatementOutcome): string | undefined {
  const command = outcome.command === undefined ? '' : ` (${outcome.command})`;
  if (outcome.affectedRows !== undefined && outcome.rowSet === undefined)
    return `${count(outcome.affectedRows)} ${outcome.affectedRows === 1 ? 'row' : 'rows'} affected${command}.`;
  if (outcome.rowSet === undefined || outcome.rowSet.columns.length === 0) return `Done${command}.`;
  return undefined;
}

/** One cell of a text table: NULL for null, and JSON quoting where the text would break the table. */
function tableCell(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value !== 'string') return String(value);
  return /[|\n\r\t]|^\s|\s$|^NULL$|^$/.test(value) ? JSON.stringify(value) : value;
}
