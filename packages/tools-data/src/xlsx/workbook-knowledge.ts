import type { Cell } from '../shared/cell.js';
import { excelSerialToIso, isDateFormat, isPendingStyle, type RawCell, sharedStringIndex } from './sheet-cells.js';

/** A sheet as workbook.xml lists it. */
export interface SheetEntry {
  readonly name: string;
  readonly id: number;
  readonly rId: string;
  readonly state?: string;
}

export interface StylesLike {
  getStyleModel(id: number): { numFmt?: string } | null | undefined;
}

/**
 * What one or more passes over an XLSX file learnt besides the rows: the sheet list,
 * the styles, the date system and the shared strings the kept cells need. Shared
 * strings are kept within a budget (characters × 2 bytes) so a huge table cannot
 * exhaust memory; once the sheet has been read only the wanted ones are kept.
 */
export class WorkbookKnowledge {
  sheets: readonly SheetEntry[] | undefined;
  relationships: readonly { readonly Id: string; readonly Target: string }[] | undefined;
  styles: StylesLike | undefined;
  date1904 = false;
  /** True once a pass has read the whole shared-string table. */
  stringsComplete = false;
  /** True when strings were dropped for the budget before it was known which are needed. */
  stringsDropped = false;
  /** Late styles were needed but the file has none: numbers stay numbers. */
  readonly wanted = new Set<number>();
  readonly #strings = new Map<number, string>();
  #stringBytes = 0;
  readonly #budgetBytes: number;

  constructor(budgetBytes: number) {
    this.#budgetBytes = budgetBytes;
  }

  /** Keeps a shared string if it is wanted, or (`keepAll`) while the sheet is still to come. */
  offerString(index: number, text: string, keepAll: boolean): void {
    if (!this.wanted.has(index) && !keepAll) return;
    if (this.#strings.has(index)) return;
    const bytes = text.length * 2;
    if (!this.wanted.has(index) && this.#stringBytes + bytes > this.#budgetBytes) {
      this.stringsDropped = true;
      return;
    }
    this.#strings.set(index, text);
    this.#stringBytes += bytes;
  }

  /** Starts the strings over for another sheet (what the last one wanted no longer counts). */
  forgetStrings(): void {
    this.#strings.clear();
    this.#stringBytes = 0;
    this.wanted.clear();
    this.stringsComplete = false;
    this.stringsDropped = false;
  }

  /** Notes the shared strings and styles `cells` wait for. */
  want(cells: readonly RawCell[]): void {
    for (const cell of cells) {
      const index = sharedStringIndex(cell);
      if (index !== undefined) this.wanted.add(index);
    }
  }

  /** Drops strings no kept cell needs (after the sheet is read). */
  keepOnlyWanted(): void {
    for (const index of this.#strings.keys()) {
      if (!this.wanted.has(index)) this.#strings.delete(index);
    }
  }

  /** True when some wanted string is not held (a later pass must fetch it). */
  missingStrings(): boolean {
    for (const index of this.wanted) if (!this.#strings.has(index)) return true;
    return false;
  }

  /** A raw cell with its shared string or late style filled in. */
  resolve(cell: RawCell): Cell {
    if (isPendingStyle(cell)) {
      const format = this.styles?.getStyleModel(cell.styleId)?.numFmt;
      return isDateFormat(format) ? excelSerialToIso(cell.value, this.date1904) : cell.value;
    }
    const index = sharedStringIndex(cell);
    if (index === undefined) return cell;
    return this.#strings.get(index) ?? null;
  }

  /** The sheet names in workbook order, if known. */
  sheetNames(): string[] | undefined {
    return this.sheets?.map((sheet) => sheet.name);
  }

  /** The part number (xl/worksheets/sheetN.xml) of a sheet listed in the workbook. */
  partNumberOf(sheet: SheetEntry): number | undefined {
    const target = this.relationships?.find((relationship) => relationship.Id === sheet.rId)?.Target;
    const match = target === undefined ? null : /sheet(\d+)\.xml$/.exec(target);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  }
}
