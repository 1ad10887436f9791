import { type DlpDetection, describeDlpDetection } from '../dlp/dlp-detection.js';
import type { GuardianDecision } from '../guardian/guardian.js';
import type { Logger } from '../logging/logger.js';
import type { PermissionGateDecision } from '../permissions/permission-gate.js';
import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity } from '../tools/tool.js';
import type { ToolAuditEvent } from '../tools/tool-audit.js';
import type { AuditOutcome, AuditRecord } from './audit-record.js';
import type { AuditTrail } from './audit-trail.js';

export interface AuditRecorderOptions {
  readonly trail: AuditTrail;
  readonly retentionDays: number;
  readonly logger: Logger;
  /** The run the current work belongs to (a crew run's session id). */
  readonly runOf?: () => string | undefined;
  readonly clock?: () => Date;
}

const day = 24 * 60 * 60 * 1000;

/**
 * Turns what the runtime decides and runs into audit records, and hands them to the trail
 * in batches: the records of one turn of the event loop go in one write, after the turn,
 * so a tool call never waits for the disk. Records older than the retention are pruned when
 * the first batch is written and once a day after. A trail that fails is logged, never
 * thrown into the call that was audited.
 */
export class AuditRecorder implements AsyncDisposable {
  readonly #options: AuditRecorderOptions;
  readonly #clock: () => Date;
  #queued: AuditRecord[] = [];
  #writing: Promise<void> = Promise.resolve();
  #scheduled = false;
  #prunedAt: number | undefined;

  constructor(options: AuditRecorderOptions) {
    this.#options = options;
    this.#clock = options.clock ?? (() => new Date());
  }

  /** A tool execution: its outcome (`Denied` and `Blocked` calls are `Blocked`) and duration. */
  readonly toolCall = (event: ToolAuditEvent): void => {
    this.#add({
      at: event.startedAt,
      kind: 'tool',
      outcome: toolOutcomes[event.outcome],
      tool: event.tool,
      durationMilliseconds: event.durationMilliseconds,
      ...(event.outcome === 'Denied' || event.outcome === 'Blocked' ? { detail: event.outcome } : {}),
      ...this.#who(event.caller),
    });
  };

  /** A Guardian decision: `Blocked`, or `Success` for a warning (the work went on). */
  readonly guardianDecision = (decision: GuardianDecision): void => {
    const what = decision.rule ?? decision.classes?.join(', ');
    this.#add({
      at: this.#clock().toISOString(),
      kind: 'guardian',
      outcome: decision.action === 'blocked' ? 'Blocked' : 'Success',
      ...(decision.tool === undefined ? {} : { tool: decision.tool }),
      detail: `${decision.phase}${what === undefined || what === '' ? '' : `: ${what}`}${decision.action === 'warned' ? ' (warned)' : ''}`,
      ...(decision.caller === undefined ? {} : this.#who(decision.caller)),
    });
  };

  /** A permission-gate decision: `Success` when the call may run, `Blocked` when not. */
  readonly permissionDecision = (decision: PermissionGateDecision): void => {
    this.#add({
      at: this.#clock().toISOString(),
      kind: 'permission',
      outcome: decision.verdict === 'allow' || decision.verdict === 'approved' ? 'Success' : 'Blocked',
      tool: decision.tool,
      detail: `${decision.mode}: ${decision.verdict}`,
      ...this.#who(decision.caller),
    });
  };

  /** Personal data a DLP interceptor masked, blocked or audited: the kinds and counts, never the values. */
  readonly dlpDetection = (detection: DlpDetection): void => {
    const run = this.#options.runOf?.();
    this.#add({
      at: this.#clock().toISOString(),
      kind: 'dlp',
      outcome: detection.action === 'Block' ? 'Blocked' : 'Success',
      ...(detection.tool === undefined ? {} : { tool: detection.tool }),
      detail: describeDlpDetection(detection),
      ...(detection.caller === undefined ? (run === undefined ? {} : { run }) : this.#who(detection.caller)),
    });
  };

  /** Writes what is queued and waits for it. */
  async flush(): Promise<void> {
    this.#write();
    await this.#writing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.flush();
  }

  #who(caller: CallerIdentity): Partial<AuditRecord> {
    const run = this.#options.runOf?.();
    return {
      caller: caller.kind,
      ...(caller.agent === undefined ? {} : { agent: caller.agent }),
      ...(caller.crew === undefined ? {} : { crew: caller.crew }),
      ...(caller.task === undefined ? {} : { task: caller.task }),
      ...(run === undefined ? {} : { run }),
    };
  }

  #add(record: AuditRecord): void {
    this.#queued.push(record);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#write());
  }

  #write(): void {
    this.#scheduled = false;
    if (this.#queued.length === 0) return;
    const batch = this.#queued;
    this.#queued = [];
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#options.trail.append(batch);
        await this.#pruneDaily();
      } catch (error) {
        this.#options.logger.warn({ err: error, records: batch.length }, 'the audit trail could not be written');
      }
    });
  }

  async #pruneDaily(): Promise<void> {
    const now = this.#clock().getTime();
    if (this.#prunedAt !== undefined && now - this.#prunedAt < day) return;
    this.#prunedAt = now;
    const removed = await this.#options.trail.prune(new Date(now - this.#options.retentionDays * day));
    if (removed > 0) this.#options.logger.debug({ removed }, 'old audit records pruned');
  }
}

const toolOutcomes: Readonly<Record<ToolAuditEvent['outcome'], AuditOutcome>> = {
  Success: 'Success',
  Failure: 'Failure',
  Denied: 'Blocked',
  Blocked: 'Blocked',
};

export const AuditRecorderService = serviceToken<AuditRecorder>('AuditRecorder');
