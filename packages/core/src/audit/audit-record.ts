/**
 * What an audit record is about: a Guardian decision, a permission-gate decision, a tool
 * execution, or personal data a DLP interceptor acted on.
 */
export type AuditKind = 'guardian' | 'permission' | 'tool' | 'dlp';
export const auditKinds: readonly AuditKind[] = ['guardian', 'permission', 'tool', 'dlp'];

/** How it ended: a call that ran and answered, one that failed, or one a rule stopped. */
export type AuditOutcome = 'Success' | 'Failure' | 'Blocked';
export const auditOutcomes: readonly AuditOutcome[] = ['Success', 'Failure', 'Blocked'];

/**
 * One line of the audit trail. It names who did what and how it ended, never the
 * arguments, the output or the text a rule judged.
 */
export interface AuditRecord {
  /** ISO time of the decision or of the call's start. */
  readonly at: string;
  readonly kind: AuditKind;
  readonly outcome: AuditOutcome;
  readonly tool?: string;
  readonly agent?: string;
  readonly crew?: string;
  readonly task?: string;
  /** The run (a crew run's session id). */
  readonly run?: string;
  /** Who called: `agent`, `mcp`, `a2a`, `script`, `host`. */
  readonly caller?: string;
  /** Milliseconds the call took (tool records). */
  readonly durationMilliseconds?: number;
  /**
   * What decided, in a few words without the judged text: the Guardian's phase and
   * classes (`ToolExecution: path-traversal`), the gate's mode and verdict (`plan: deny`),
   * a tool's outcome (`Denied`), a DLP detection's channel, action and counts
   * (`Log Mask: 1 e-mail address`).
   */
  readonly detail?: string;
}

/** A stored record: the store's sequence number beside the record. */
export interface StoredAuditRecord extends AuditRecord {
  /** Grows with every record appended to the store. */
  readonly sequence: number;
}

/** Which records to read, newest first. */
export interface AuditQuery {
  /** Records at or after this time. */
  readonly since?: Date;
  readonly outcome?: AuditOutcome;
  readonly kind?: AuditKind;
  /** At most this many (default 100, at most 10,000). */
  readonly limit?: number;
}

export const defaultAuditQueryLimit = 100;
export const maximumAuditQueryLimit = 10_000;
