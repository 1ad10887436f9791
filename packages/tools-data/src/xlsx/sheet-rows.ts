import { excelSerialToIso, isDateFormat, type RawCell, sharedStringReference } from './sheet-cells.js';
import type { StylesLike } from './workbook-knowledge.js';
import type { XmlPartHandler } from './xml-entry.js';

/** One cell of a sheet row: its 1-based column and value (a placeholder while a shared string or style is unknown). */
export interface SheetCell {
  readonly column: number;
  readonly value: RawCell;
}

/** One row of a sheet as it streams by: its 1-based number and its cells in column order. */
export interface SheetRow {
  readonly number: number;
  readonly cells: readonly SheetCell[];
}

export interface SheetRowsContext {
  /** The styles, when styles.xml came before the sheet. */
  readonly styles: StylesLike | undefined;
  readonly date1904: boolean;
}

/**
 * A worksheet part read row by row: `<row r>` with `<c r s t>` cells whose value is
 * `<v>` (numbers, shared-string indexes, booleans, errors, formula results) or an inline
 * `<is><t>` string. A false answer from `row` stops the read.
 */
export function sheetRowsHandler(context: SheetRowsContext, row: (row: SheetRow) => boolean): XmlPartHandler {
  let rowNumber = 0;
  let cells: SheetCell[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let text = '';
  let capturing = false;
  let inInline = false;
  let phonetic = 0;
  let going = true;
  const dateStyles = new Map<number, boolean>();
  const isDateStyle = (id: number, styles: StylesLike) => {
    let known = dateStyles.get(id);
    if (known === undefined) {
      known = isDateFormat(styles.getStyleModel(id)?.numFmt);
      dateStyles.set(id, known);
    }
    return known;
  };
  const cellValue = (): RawCell => {
    switch (type) {
      case 's':
        return text === '' ? null : sharedStringReference(Number(text));
      case 'str':
      case 'inlineStr':
      case 'e':
      case 'd':
        return text;
      case 'b':
        return text === '1' || text === 'true';
      default: {
        if (text === '') return null;
        const number = Number(text);
        if (!Number.isFinite(number)) return null;
        if (style === 0) return number;
        const styles = context.styles;
        if (styles === undefined) return { styleId: style, value: number };
        return isDateStyle(style, styles) ? excelSerialToIso(number, context.date1904) : number;
      }
    }
  };
  return {
    open(name, attributes) {
      switch (name) {
        case 'row':
          rowNumber = attributes.r === undefined ? rowNumber + 1 : Number(attributes.r);
          cells = [];
          column = 0;
          return;
        case 'c':
          column = attributes.r === undefined ? column + 1 : columnOf(attributes.r, column + 1);
          type = attributes.t ?? 'n';
          style = attributes.s === undefined ? 0 : Number(attributes.s);
          text = '';
          return;
        case 'v':
          capturing = !inInline;
          return;
        case 'is':
          inInline = true;
          return;
        case 't':
          capturing = inInline && phonetic === 0;
          return;
        case 'rPh':
          phonetic += 1;
          return;
        default:
      }
    },
    text(value) {
      if (capturing) text += value;
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capturing = false;
          return;
        case 'is':
          inInline = false;
          return;
        case 'rPh':
          phonetic -= 1;
          return;
        case 'c': {
          const value = cellValue();
          if (value !== null) cells.push({ column, value });
          return;
        }
        case 'row':
          if (going) going = row({ number: rowNumber, cells });
          return;
        default:
      }
    },
    wantsMore: () => going,
  };
}

/** The column of a cell reference (`BC12` → 55), or `fallback` when the reference is not one. */
function columnOf(reference: string, fallback: number): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return column === 0 ? fallback : column;
}
