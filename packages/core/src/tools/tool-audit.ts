import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity } from './tool.js';
import type { ToolOutcome } from './tool-result.js';

/** One tool call in the audit trail. It never holds the call's arguments or output. */
export interface ToolAuditEvent {
  readonly tool: string;
  readonly callId: string;
  readonly caller: CallerIdentity;
  readonly outcome: ToolOutcome;
  readonly durationMilliseconds: number;
  /** ISO time the call started. */
  readonly startedAt: string;
}

/** Receives audit events; several may be registered, each gets every event. */
export type ToolAuditSink = (event: ToolAuditEvent) => void;

export const ToolAuditSinkService = serviceToken<ToolAuditSink>('ToolAuditSink');
