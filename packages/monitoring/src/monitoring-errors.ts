import { OrkeonError } from '@orkeon/core';
import type { MonitoringErrorCode } from './errors/error-codes.js';

/** A trace query that cannot be answered: a bad limit or count, or `from` after `to`. The message names the value. */
export class MonitoringQueryInvalidError extends OrkeonError<MonitoringErrorCode> {
  constructor(message: string) {
    super('MONITORING_QUERY_INVALID', message);
  }
}
