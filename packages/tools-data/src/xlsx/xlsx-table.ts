import type { DataSettings } from '../data-settings.js';
import { type Cell, columnLetters } from '../shared/cell.js';
import { ColumnStatistics } from '../shared/column-statistics.js';
import { RowWindow } from '../shared/row-window.js';
import { type TableLimits, tableLimits } from '../shared/table-limits.js';
import type { TableReadMode } from '../shared/table-report.js';
import type { CellRange } from './cell-range.js';
import { isPendingStyle, type RawCell } from './sheet-cells.js';
import type { SheetRow } from './sheet-rows.js';
import type { WorkbookKnowledge } from './workbook-knowledge.js';
import type { SheetIdentity, SheetVisitor } from './workbook-pass.js';

/** Which sheet to read: the first, one by 1-based position or by name, or a part found by an earlier pass. */
export type SheetSelector =
  | { readonly kind: 'first' }
  | { readonly kind: 'position'; readonly position: number }
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'part'; readonly partNumber: number };

export interface XlsxTableOptions {
  readonly mode: TableReadMode;
  readonly header: boolean;
  readonly offset: number;
  readonly limit: number | undefined;
  readonly range: CellRange;
}

/** Turns the rows of the chosen sheet into a window, a count or statistics; a `SheetVisitor` for the passes. */
export class XlsxTable implements SheetVisitor {
  selector: SheetSelector;
  /** When true the pass only gathers shared strings and styles. */
  metadataOnly = false;
  headerRow: number | undefined;
  header: RawCell[] = [];
  /** Data rows holding a value (count mode). */
  filledRows = 0;
  /** The highest data index seen, plus one. */
  dataRows = 0;
  /** Cells read as numbers whose styles came after the sheet (statistics counts them as serial days). */
  lateStyledCells = 0;
  readonly window: RowWindow<RawCell>;
  readonly statistics = new ColumnStatistics();
  readonly limits: TableLimits;
  readonly #options: XlsxTableOptions;
  readonly #knowledge: WorkbookKnowledge;
  #wantedDone = false;

  constructor(
    options: XlsxTableOptions,
    settings: DataSettings,
    knowledge: WorkbookKnowledge,
    selector: SheetSelector,
  ) {
    this.#options = options;
    this.#knowledge = knowledge;
    this.selector = selector;
    this.limits = tableLimits(settings, options.limit, 0);
    this.window = new RowWindow<RawCell>({
      offset: options.offset,
      limit: this.limits.limit,
      maxCharacters: Number.POSITIVE_INFINITY,
      maxCellCharacters: this.limits.maxCellCharacters,
    });
  }

  choose(sheet: SheetIdentity): boolean {
    if (this.metadataOnly) return false;
    const selector = this.selector;
    switch (selector.kind) {
      case 'part':
        return sheet.partNumber === selector.partNumber;
      case 'name':
        return sheet.name !== undefined && sheet.name.toLowerCase() === selector.name.toLowerCase();
      case 'position':
        return (sheet.position ?? sheet.partNumber) === selector.position;
      default:
        return (sheet.position ?? sheet.partNumber) === 1;
    }
  }

  row(row: SheetRow): boolean {
    const { range, header, mode } = this.#options;
    if (row.number < range.firstRow) return true;
    if (row.number > range.lastRow) return false;
    const cells = this.#cellsOf(row);
    if (header && this.headerRow === undefined) {
      if (cells.every((cell) => cell === null)) return true;
      this.headerRow = row.number;
      this.header = cells;
      return true;
    }
    const index = row.number - (this.headerRow ?? range.firstRow - 1) - 1;
    this.dataRows = Math.max(this.dataRows, index + 1);
    if (cells.some((cell) => cell !== null)) this.filledRows += 1;
    switch (mode) {
      case 'count':
        return true;
      case 'statistics':
        this.statistics.add(
          cells.map((cell): Cell => {
            if (!isPendingStyle(cell)) return cell;
            this.lateStyledCells += 1;
            return cell.value;
          }),
        );
        return true;
      default:
        return this.window.offer(index, cells);
    }
  }

  needsMore(): boolean {
    this.#noteWanted();
    const knowledge = this.#knowledge;
    const strings = knowledge.missingStrings() && !knowledge.stringsComplete;
    const styles = knowledge.styles === undefined && this.#pendingStyles();
    return strings || styles;
  }

  /** The names of the columns: the header's cells, or letters. */
  columnNames(): string[] {
    const first = this.#options.range.firstColumn;
    const width = Math.max(this.header.length, this.statistics.width, ...this.window.rows.map((row) => row.length), 0);
    return Array.from({ length: width }, (_, index) => {
      const cell = this.header[index];
      const name = cell === undefined ? null : this.#knowledge.resolve(cell);
      return name === null || name === '' ? columnLetters(first + index) : String(name);
    });
  }

  /** Which sheet row the first data row is. */
  firstDataRow(): number {
    return (this.headerRow ?? this.#options.range.firstRow - 1) + 1;
  }

  #cellsOf(row: SheetRow): RawCell[] {
    const { firstColumn, lastColumn } = this.#options.range;
    const cells: RawCell[] = [];
    for (const { column, value } of row.cells) {
      if (column < firstColumn || column > lastColumn) continue;
      const position = column - firstColumn;
      while (cells.length < position) cells.push(null);
      cells[position] = value;
    }
    return cells;
  }

  #pendingStyles(): boolean {
    return this.window.rows.some((row) => row.some(isPendingStyle));
  }

  #noteWanted(): void {
    if (this.#wantedDone) return;
    this.#wantedDone = true;
    const knowledge = this.#knowledge;
    knowledge.want(this.header);
    for (const row of this.window.rows) knowledge.want(row);
    for (const summary of this.statistics.summaries([], () => '')) knowledge.want(summary.examples);
  }
}
