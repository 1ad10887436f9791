import type { ExecutionMetadataValue } from './crew-execution-state.js';
import { InvalidExecutionMetadataError } from './execution-state-errors.js';

/**
 * The culture-free text of a metadata value, so that a state written on one machine
 * reads the same on any other: numbers with a `.` decimal point (`1234.5`, `1e+21`),
 * dates as ISO 8601 in UTC, booleans as `true` / `false`.
 */
export function toInvariantString(key: string, value: ExecutionMetadataValue): string {
  switch (typeof value) {
    case 'string':
      return value;
    // Number#toString never uses the locale: always '.', never digit grouping.
    case 'number':
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new InvalidExecutionMetadataError(key, 'is an invalid Date');
        return value.toISOString();
      }
      throw new InvalidExecutionMetadataError(key, `is of type ${value === null ? 'null' : typeof value}`);
  }
}
