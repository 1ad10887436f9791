import { DataToolError } from '../errors/data-tool-error.js';

/** A block of a sheet, 1-based and inclusive; open ends reach the sheet's edge. */
export interface CellRange {
  readonly firstColumn: number;
  readonly lastColumn: number;
  readonly firstRow: number;
  readonly lastRow: number;
}

export const wholeSheet: CellRange = {
  firstColumn: 1,
  lastColumn: Number.POSITIVE_INFINITY,
  firstRow: 1,
  lastRow: Number.POSITIVE_INFINITY,
};

/** The most columns a sheet has in Excel (XFD) and rows (1,048,576). */
const maxColumn = 16_384;
const maxRow = 1_048_576;

const rangePattern = /^([A-Za-z]{1,3})?([1-9]\d{0,6})?(?::([A-Za-z]{1,3})?([1-9]\d{0,6})?)?$/;

/**
 * Reads a range as Excel writes it: `A1:D100`, a single cell `B2`, whole columns
 * `B:D`, whole rows `2:50`, or an open end `A2:D` (to the last row).
 */
export function parseCellRange(text: string): CellRange {
  const match = rangePattern.exec(text.trim());
  if (match === null) throw rangeError(text);
  const [, fromColumn, fromRow, toColumn, toRow] = match;
  const single = !text.includes(':');
  if (single ? fromColumn === undefined || fromRow === undefined : toColumn === undefined && toRow === undefined) {
    throw rangeError(text);
  }
  if (fromColumn === undefined && fromRow === undefined) throw rangeError(text);
  const firstColumn = fromColumn === undefined ? 1 : columnNumber(fromColumn);
  const firstRow = fromRow === undefined ? 1 : Number(fromRow);
  const range: CellRange = single
    ? { firstColumn, lastColumn: firstColumn, firstRow, lastRow: firstRow }
    : {
        firstColumn,
        firstRow,
        lastColumn: toColumn === undefined ? Number.POSITIVE_INFINITY : columnNumber(toColumn),
        lastRow: toRow === undefined ? Number.POSITIVE_INFINITY : Number(toRow),
      };
  if (
    range.firstColumn > maxColumn ||
    range.firstRow > maxRow ||
    range.lastColumn < range.firstColumn ||
    range.lastRow < range.firstRow
  ) {
    throw rangeError(text);
  }
  return range;
}

/** Excel column letters to a number: A → 1, AA → 27. */
export function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

function rangeError(text: string): DataToolError {
  return new DataToolError(
    'DATA_INPUT_INVALID',
    `The range ${JSON.stringify(text)} is not a sheet range: write it as Excel does, e.g. "A1:D100", "B2", "B:D", "2:50" or "A2:D" (start before end, at most column XFD and row 1048576).`,
  );
}
