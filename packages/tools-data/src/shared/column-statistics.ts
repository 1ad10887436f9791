import { type Cell, numericValue } from './cell.js';

/** Columns summarised at most; a wider table says the rest were left out. */
export const maxSummarisedColumns = 256;
/** Distinct values counted per column before the count reads "more than …". */
export const maxDistinctValues = 100;
const distinctKeyCharacters = 64;
const exampleCount = 3;

/** What `statistics` mode reports for one column. */
export interface ColumnSummary {
  readonly column: string;
  /** Cells with a value. */
  readonly filled: number;
  /** Cells empty or missing (short rows). */
  readonly empty: number;
  /** Over the cells that hold a number (numeric text counts in CSV). */
  readonly numbers?: { count: number; min: number; max: number; sum: number; mean: number };
  /** Distinct values; a string "more than 100" when there are more. */
  readonly distinct: number | string;
  readonly examples: readonly Cell[];
}

interface ColumnState {
  filled: number;
  numberCount: number;
  min: number;
  max: number;
  sum: number;
  distinct: Set<string>;
  distinctOverflow: boolean;
  examples: Cell[];
}

/**
 * Summarises every column of a table read row by row, in bounded memory: a fixed
 * number of counters per column, at most `maxDistinctValues` short keys per column, and
 * at most `maxSummarisedColumns` columns.
 */
export class ColumnStatistics {
  rows = 0;
  /** The widest row seen, in cells. */
  width = 0;
  readonly #columns: ColumnState[] = [];

  add(cells: readonly Cell[]): void {
    this.rows += 1;
    this.width = Math.max(this.width, cells.length);
    const count = Math.min(cells.length, maxSummarisedColumns);
    for (let index = 0; index < count; index++) {
      const cell = cells[index] ?? null;
      if (cell === null || cell === '') continue;
      const state = this.#state(index);
      state.filled += 1;
      const number = numericValue(cell);
      if (number !== undefined) {
        state.numberCount += 1;
        state.sum += number;
        if (number < state.min) state.min = number;
        if (number > state.max) state.max = number;
      }
      if (!state.distinctOverflow) {
        const key = String(cell).slice(0, distinctKeyCharacters);
        if (!state.distinct.has(key)) {
          if (state.distinct.size >= maxDistinctValues) {
            state.distinctOverflow = true;
            state.distinct.clear();
          } else {
            state.distinct.add(key);
            if (state.examples.length < exampleCount) state.examples.push(typeof cell === 'string' ? key : cell);
          }
        }
      }
    }
  }

  /** One summary per column, named by `names` (missing names become `fallback(index)`). */
  summaries(names: readonly string[], fallback: (index: number) => string): ColumnSummary[] {
    const width = Math.min(Math.max(this.width, names.length), maxSummarisedColumns);
    const summaries: ColumnSummary[] = [];
    for (let index = 0; index < width; index++) {
      const state = this.#columns[index] ?? emptyState();
      const name = names[index];
      summaries.push({
        column: name === undefined || name === '' ? fallback(index) : name,
        filled: state.filled,
        empty: this.rows - state.filled,
        ...(state.numberCount === 0
          ? {}
          : {
              numbers: {
                count: state.numberCount,
                min: state.min,
                max: state.max,
                sum: state.sum,
                mean: state.sum / state.numberCount,
              },
            }),
        distinct: state.distinctOverflow ? `more than ${maxDistinctValues}` : state.distinct.size,
        examples: state.examples,
      });
    }
    return summaries;
  }

  #state(index: number): ColumnState {
    for (let missing = this.#columns.length; missing <= index; missing++) this.#columns.push(emptyState());
    return this.#columns[index] as ColumnState;
  }
}

function emptyState(): ColumnState {
  return {
    filled: 0,
    numberCount: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    sum: 0,
    distinct: new Set(),
    distinctOverflow: false,
    examples: [],
  };
}
