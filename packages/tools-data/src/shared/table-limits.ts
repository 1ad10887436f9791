import type { DataSettings } from '../data-settings.js';
import { formatCount } from './quantities.js';

/** Characters of an answer kept for its summary and column names besides the rows. */
const summaryReserve = 1_000;

/** The limits of one table read, from the settings and the caller's `limit`. */
export interface TableLimits {
  readonly limit: number;
  readonly maxCharacters: number;
  readonly maxCellCharacters: number;
  /** Set when the caller asked for more rows than one call returns. */
  readonly note?: string;
}

export function tableLimits(settings: DataSettings, requested: number | undefined, columnsJson: number): TableLimits {
  const limit = Math.min(requested ?? settings.MaxRows, settings.MaxRows);
  const maxCharacters = Math.max(1_000, settings.MaxCharacters - summaryReserve - columnsJson);
  const maxCellCharacters = Math.max(100, Math.floor(settings.MaxCharacters / 10));
  const note =
    requested !== undefined && requested > settings.MaxRows
      ? `limit ${formatCount(requested)} is above the most one call returns (${formatCount(settings.MaxRows)}, Svc:Tools:Data:MaxRows).`
      : undefined;
  return note === undefined
    ? { limit, maxCharacters, maxCellCharacters }
    : { limit, maxCharacters, maxCellCharacters, note };
}

/** The longest answer of a table tool, with room for the summary. */
export function tableResultCharacters(settings: DataSettings): number {
  return settings.MaxCharacters + summaryReserve;
}
