import type { Cell } from '../shared/cell.js';

/**
 * A cell whose shared string is not known yet: the sheet came before the shared-string
 * table in the file. XML 1.0 text cannot hold U+0000, so no real cell reads like this.
 */
const sharedStringPrefix = '\u0000s';

/** A number whose style (which may make it a date) is not known yet. */
export interface PendingStyle {
  readonly styleId: number;
  readonly value: number;
}

/** A cell as read from the sheet, before shared strings and late styles are filled in. */
export type RawCell = Cell | PendingStyle;

export function sharedStringReference(index: number): string {
  return `${sharedStringPrefix}${index}`;
}

/** The shared-string index a raw cell waits for, if it does. */
export function sharedStringIndex(cell: RawCell): number | undefined {
  return typeof cell === 'string' && cell.startsWith(sharedStringPrefix)
    ? Number(cell.slice(sharedStringPrefix.length))
    : undefined;
}

export function isPendingStyle(cell: RawCell): cell is PendingStyle {
  return typeof cell === 'object' && cell !== null;
}

/** True for a number format that shows a date or time (`yyyy-mm-dd`, `h:mm`), as Excel decides. */
export function isDateFormat(format: string | undefined): boolean {
  if (format === undefined || format === '') return false;
  const bare = format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhsb]/i.test(bare);
}

/** An Excel serial day number as ISO 8601 text (1900 or 1904 date system). */
export function excelSerialToIso(serial: number, date1904: boolean): string | number {
  const milliseconds = Math.round((serial - 25_569 + (date1904 ? 1_462 : 0)) * 86_400_000);
  const date = new Date(milliseconds);
  return Number.isNaN(date.getTime()) ? serial : date.toISOString();
}
