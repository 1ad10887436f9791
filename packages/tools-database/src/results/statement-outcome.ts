/** The rows a statement returned, as far as a tool keeps them. */
export interface RowSet {
  readonly columns: readonly string[];
  /** At most the connection's `MaxRows` rows, each with one value per column. */
  readonly rows: readonly (readonly unknown[])[];
  /** The rows the statement produced, as far as they were counted. */
  readonly totalRows: number;
  /** False when counting stopped early: the statement produced more than `totalRows`. */
  readonly totalExact: boolean;
}

/** What one statement did: rows it returned, rows it changed, or both (`INSERT … RETURNING`). */
export interface StatementOutcome {
  readonly rowSet?: RowSet;
  readonly affectedRows?: number;
  /** The command the database reports (`INSERT`, `CREATE TABLE`), when it reports one. */
  readonly command?: string;
}

/**
 * Rows counted beyond `MaxRows` before a tool stops reading: enough to say
 * "first 1,000 of 52,340 rows", bounded so a runaway result cannot hold the database.
 */
export const rowCountLimit = 100_000;

/** Keeps the first `maxRows` rows and counts the rest up to `rowCountLimit`. */
export class RowCollector {
  readonly rows: unknown[][] = [];
  #seen = 0;
  readonly #maxRows: number;

  constructor(maxRows: number) {
    this.#maxRows = maxRows;
  }

  /** Takes one row; false once enough rows were counted and reading should stop. */
  add(row: unknown[]): boolean {
    if (this.#seen >= this.#countLimit) return false;
    this.#seen += 1;
    if (this.rows.length < this.#maxRows) this.rows.push(row);
    return this.#seen < this.#countLimit;
  }

  get #countLimit(): number {
    return Math.max(rowCountLimit, this.#maxRows + 1);
  }

  rowSet(columns: readonly string[], complete: boolean): RowSet {
    return { columns, rows: this.rows, totalRows: this.#seen, totalExact: complete };
  }
}
