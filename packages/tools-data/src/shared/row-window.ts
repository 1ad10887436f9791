import type { Cell } from './cell.js';

export interface RowWindowOptions {
  /** Data rows to skip first (0-based index of the first row returned). */
  readonly offset: number;
  /** Most rows to keep. */
  readonly limit: number;
  /** Most characters the kept rows may take as JSON; the first row is always kept. */
  readonly maxCharacters: number;
  /** Longest text of one cell; longer text is cut. */
  readonly maxCellCharacters: number;
}

/**
 * The rows a reader returns: those from `offset` on, up to `limit` and a character
 * budget. Rows are offered by their 0-based data index, in order; an index that
 * jumps (an XLSX sheet skips empty rows) fills the gap with empty rows, so index and
 * position in the file stay the same. `offer` answers false once a row beyond the
 * window proves there are more, so the reader can stop at once.
 */
export class RowWindow<Value = Cell> {
  rows: (readonly Value[])[] = [];
  /** True when a row exists after the last one kept. */
  more = false;
  /** True when the character budget, not `limit`, ended the window. */
  cutByCharacters = false;
  /** Cells whose text was cut to `maxCellCharacters`. */
  cutCells = 0;
  readonly #options: RowWindowOptions;
  #characters = 0;
  #next = 0;

  constructor(options: RowWindowOptions) {
    this.#options = options;
  }

  get offset(): number {
    return this.#options.offset;
  }

  /** Data rows seen so far (the highest index offered, plus one). */
  get seen(): number {
    return this.#next;
  }

  offer(index: number, cells: readonly Value[]): boolean {
    const { offset, limit, maxCharacters } = this.#options;
    for (let at = Math.max(offset, this.#next); at <= index; at++) {
      const row = at === index ? this.#cut(cells) : [];
      const size = JSON.stringify(row).length + 2;
      const full = this.rows.length >= limit;
      if (full || (this.rows.length > 0 && this.#characters + size > maxCharacters)) {
        this.more = true;
        this.cutByCharacters = !full;
        this.#next = Math.max(this.#next, index + 1);
        return false;
      }
      this.rows.push(row);
      this.#characters += size;
    }
    this.#next = Math.max(this.#next, index + 1);
    return true;
  }

  /**
   * The same window with every cell passed through `resolve`, cut again to
   * `maxCharacters` (for cells whose text was not known when they were offered).
   */
  refit<Resolved>(resolve: (cell: Value) => Resolved, maxCharacters: number): RowWindow<Resolved> {
    const refitted = new RowWindow<Resolved>({ ...this.#options, maxCharacters });
    const offset = this.#options.offset;
    this.rows.forEach((row, position) => {
      refitted.offer(offset + position, row.map(resolve));
    });
    if (!refitted.more) {
      refitted.more = this.more;
      refitted.cutByCharacters = this.cutByCharacters;
    }
    refitted.#next = Math.max(refitted.#next, this.#next);
    refitted.cutCells += this.cutCells;
    return refitted;
  }

  #cut(cells: readonly Value[]): readonly Value[] {
    const max = this.#options.maxCellCharacters;
    if (!cells.some((cell) => typeof cell === 'string' && cell.length > max)) return cells;
    return cells.map((cell) => {
      if (typeof cell !== 'string' || cell.length <= max) return cell;
      this.cutCells += 1;
      return `${cell.slice(0, max)}… [cut: ${cell.length} characters]` as Value;
    });
  }
}
