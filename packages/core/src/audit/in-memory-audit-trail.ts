import { assertPruneDate, auditQueryLimit, auditRecordFields } from './audit-query-checks.js';
import type { AuditQuery, AuditRecord, StoredAuditRecord } from './audit-record.js';
import type { AuditTrail } from './audit-trail.js';

/** An audit trail for the life of the process: what `createRuntime` keeps when no store is registered. */
export class InMemoryAuditTrail implements AuditTrail {
  readonly #records: StoredAuditRecord[] = [];
  #sequence = 0;

  async append(records: readonly AuditRecord[]): Promise<void> {
    const checked = records.map(auditRecordFields);
    for (const record of checked) this.#records.push({ ...record, sequence: ++this.#sequence });
  }

  async query(query: AuditQuery = {}): Promise<StoredAuditRecord[]> {
    const limit = auditQueryLimit(query);
    const since = query.since?.getTime();
    const found: StoredAuditRecord[] = [];
    for (let index = this.#records.length - 1; index >= 0 && found.length < limit; index--) {
      const record = this.#records[index] as StoredAuditRecord;
      if (since !== undefined && Date.parse(record.at) < since) continue;
      if (query.outcome !== undefined && record.outcome !== query.outcome) continue;
      if (query.kind !== undefined && record.kind !== query.kind) continue;
      found.push({ ...record });
    }
    return found;
  }

  async prune(before: Date): Promise<number> {
    assertPruneDate(before);
    const kept = this.#records.filter((record) => Date.parse(record.at) >= before.getTime());
    const removed = this.#records.length - kept.length;
    this.#records.splice(0, this.#records.length, ...kept);
    return removed;
  }
}
