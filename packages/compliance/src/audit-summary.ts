import {
  type AuditKind,
  type AuditOutcome,
  type AuditTrail,
  auditKinds,
  auditOutcomes,
  type StoredAuditRecord,
} from '@orkeon/core';
import { ComplianceAuditTrailError } from './compliance-errors.js';
import type { AuditPeriod } from './nist-compliance-report.js';

/** What the controls read from the audit trail: counts over the period, never a record's content. */
export interface AuditSummary {
  readonly period: AuditPeriod;
  readonly byKind: Readonly<Record<AuditKind, number>>;
  readonly byOutcome: Readonly<Record<AuditOutcome, number>>;
  readonly blockedByKind: Readonly<Record<AuditKind, number>>;
  /** Guardian blocks by phase (`Input`, `ToolExecution`, `ToolResult`, `Delegation`). */
  readonly guardianBlocksByPhase: Readonly<Record<string, number>>;
  /** Records that name who called (`agent`, `mcp`, `a2a`, …). */
  readonly withCaller: number;
  /** Distinct runs the records belong to. */
  readonly runs: number;
  /** Sequence numbers missing between records well inside the period and the retention window. */
  readonly missingSequences: number;
  /** The agents with the most blocked actions, most first (at most five). */
  readonly mostBlockedAgents: readonly { readonly agent: string; readonly blocked: number }[];
}

export interface ReadAuditSummaryOptions {
  /** `undefined`: no trail (audit off); the summary is empty. */
  readonly trail: AuditTrail | undefined;
  /** Writes what the runtime has queued before reading, so that the last calls count. */
  readonly flush?: () => Promise<void>;
  readonly description: string;
  readonly since: Date;
  readonly now: Date;
  readonly limit: number;
  readonly retentionDays: number;
}

const day = 24 * 60 * 60 * 1000;

/** Reads the period's records (newest first, at most `limit`) and counts what the controls need. */
export async function readAuditSummary(options: ReadAuditSummaryOptions): Promise<AuditSummary> {
  let records: StoredAuditRecord[] = [];
  if (options.trail !== undefined) {
    try {
      await options.flush?.();
      records = await options.trail.query({ since: options.since, limit: options.limit });
    } catch (error) {
      throw new ComplianceAuditTrailError(error);
    }
  }
  const byKind = counter(auditKinds);
  const byOutcome = counter(auditOutcomes);
  const blockedByKind = counter(auditKinds);
  const guardianBlocksByPhase: Record<string, number> = {};
  const blockedAgents = new Map<string, number>();
  const runs = new Set<string>();
  let withCaller = 0;
  for (const record of records) {
    byKind[record.kind] += 1;
    byOutcome[record.outcome] += 1;
    if (record.caller !== undefined) withCaller += 1;
    if (record.run !== undefined) runs.add(record.run);
    if (record.outcome !== 'Blocked') continue;
    blockedByKind[record.kind] += 1;
    if (record.agent !== undefined) blockedAgents.set(record.agent, (blockedAgents.get(record.agent) ?? 0) + 1);
    if (record.kind === 'guardian') {
      const phase = record.detail?.split(':')[0]?.trim() || 'unknown';
      guardianBlocksByPhase[phase] = (guardianBlocksByPhase[phase] ?? 0) + 1;
    }
  }
  const oldest = records.at(-1)?.at;
  const newest = records[0]?.at;
  return {
    period: {
      from: options.since.toISOString(),
      to: options.now.toISOString(),
      trail: options.description,
      records: records.length,
      truncated: records.length >= options.limit,
      ...(oldest === undefined ? {} : { oldestRecord: oldest }),
      ...(newest === undefined ? {} : { newestRecord: newest }),
    },
    byKind,
    byOutcome,
    blockedByKind,
    guardianBlocksByPhase,
    withCaller,
    runs: runs.size,
    missingSequences: missingSequences(records, options),
    mostBlockedAgents: [...blockedAgents]
      .sort(([leftAgent, left], [rightAgent, right]) => right - left || leftAgent.localeCompare(rightAgent))
      .slice(0, 5)
      .map(([agent, blocked]) => ({ agent, blocked })),
  };
}

function counter<Key extends string>(keys: readonly Key[]): Record<Key, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
}

/**
 * Numbers missing between consecutive records. A store numbers its records in order and
 * only pruning removes them, oldest first, so a hole between two records that are more
 * than a day inside both the period and the retention window was made by something else.
 * (A record's time is when its call started, so records near a boundary are left out.)
 */
function missingSequences(records: readonly StoredAuditRecord[], options: ReadAuditSummaryOptions): number {
  // Stored times are ISO strings in UTC of one length, so they compare as text, without parsing 2 × 10,000 dates.
  const safeAfter = new Date(
    Math.max(options.since.getTime(), options.now.getTime() - options.retentionDays * day) + day,
  ).toISOString();
  let missing = 0;
  for (let index = 0; index + 1 < records.length; index++) {
    const newer = records[index] as StoredAuditRecord;
    const older = records[index + 1] as StoredAuditRecord;
    if (older.at < safeAfter || newer.at < safeAfter) continue;
    missing += Math.max(0, newer.sequence - older.sequence - 1);
  }
  return missing;
}
