import { serviceToken } from '../services/service-token.js';
import type { AuditQuery, AuditRecord, StoredAuditRecord } from './audit-record.js';

/**
 * Where audit records are kept, append-only: records are added and read, never changed;
 * only `prune` removes them, when they are older than the retention. The SQLite and
 * PostgreSQL stores (`@orkeon/store-sqlite`, `@orkeon/store-postgres`) implement it in the
 * file or schema the runtime already uses; `InMemoryAuditTrail` keeps them for the process.
 */
export interface AuditTrail {
  /** Adds the records in order, in one write. */
  append(records: readonly AuditRecord[]): Promise<void>;
  /** The records the query selects, newest first. */
  query(query?: AuditQuery): Promise<StoredAuditRecord[]>;
  /** Removes the records older than `before`; answers how many. */
  prune(before: Date): Promise<number>;
}

export const AuditTrailService = serviceToken<AuditTrail>('AuditTrail');
