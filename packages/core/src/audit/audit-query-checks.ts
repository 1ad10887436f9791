import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import {
  type AuditQuery,
  type AuditRecord,
  auditKinds,
  auditOutcomes,
  defaultAuditQueryLimit,
  maximumAuditQueryLimit,
} from './audit-record.js';

/** The limit a query asks for, checked: a whole number from 1 to 10,000 (default 100). */
export function auditQueryLimit(query: AuditQuery = {}): number {
  const limit = query.limit ?? defaultAuditQueryLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > maximumAuditQueryLimit)
    throw new OrkeonError<CoreErrorCode>(
      'AUDIT_QUERY_INVALID',
      `An audit query's limit must be a whole number from 1 to ${maximumAuditQueryLimit}; it was ${String(limit)}.`,
    );
  if (query.outcome !== undefined && !auditOutcomes.includes(query.outcome))
    throw new OrkeonError<CoreErrorCode>(
      'AUDIT_QUERY_INVALID',
      `Unknown audit outcome '${String(query.outcome)}'; the outcomes are ${auditOutcomes.join(', ')}.`,
    );
  if (query.kind !== undefined && !auditKinds.includes(query.kind))
    throw new OrkeonError<CoreErrorCode>(
      'AUDIT_QUERY_INVALID',
      `Unknown audit record kind '${String(query.kind)}'; the kinds are ${auditKinds.join(', ')}.`,
    );
  if (query.since !== undefined && Number.isNaN(query.since.getTime()))
    throw new OrkeonError<CoreErrorCode>('AUDIT_QUERY_INVALID', "An audit query's since is not a valid date.");
  return limit;
}

/** A record as a store keeps it: checked, and with only the known fields (a record never carries arguments). */
export function auditRecordFields(record: AuditRecord): AuditRecord {
  if (
    !auditKinds.includes(record.kind) ||
    !auditOutcomes.includes(record.outcome) ||
    Number.isNaN(Date.parse(record.at))
  )
    throw new OrkeonError<CoreErrorCode>(
      'AUDIT_RECORD_INVALID',
      `An audit record needs a kind (${auditKinds.join(', ')}), an outcome (${auditOutcomes.join(', ')}) and an ISO time; got kind '${String(record.kind)}', outcome '${String(record.outcome)}', at '${String(record.at)}'.`,
    );
  const { at, kind, outcome, tool, agent, crew, task, run, caller, durationMilliseconds, detail } = record;
  return {
    at: new Date(at).toISOString(),
    kind,
    outcome,
    ...(tool === undefined ? {} : { tool }),
    ...(agent === undefined ? {} : { agent }),
    ...(crew === undefined ? {} : { crew }),
    ...(task === undefined ? {} : { task }),
    ...(run === undefined ? {} : { run }),
    ...(caller === undefined ? {} : { caller }),
    ...(durationMilliseconds === undefined ? {} : { durationMilliseconds }),
    ...(detail === undefined ? {} : { detail }),
  };
}

/** A prune date must be a date: an invalid one would remove every record, or none. */
export function assertPruneDate(before: Date): void {
  if (!(before instanceof Date) || Number.isNaN(before.getTime()))
    throw new OrkeonError<CoreErrorCode>(
      'AUDIT_QUERY_INVALID',
      `An audit prune needs a valid date; it was ${String(before)}. Nothing was removed.`,
    );
}
