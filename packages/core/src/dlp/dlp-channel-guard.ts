import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity } from '../tools/tool.js';
import type { PiiMatch } from './pii-detector.js';

/**
 * The five points where text leaves its owner (reference brief §11, item 4): a tool's
 * output, a hand-over between agents, a log record, a memory written to a store, and an
 * answer leaving the process (A2A, MCP).
 */
export const dlpChannels = ['ToolOutput', 'Delegation', 'Log', 'Memory', 'ExternalOutput'] as const;
export type DlpChannel = (typeof dlpChannels)[number];

/**
 * What a policy does with personal data, in rank order: when a text holds several kinds,
 * the action ranked highest among them wins. `Audit` ranks above `Block` (the original's
 * order), so one kind set to `Audit` lets a text through that another kind would block.
 */
export const dlpActions = ['Allow', 'Mask', 'Block', 'Audit'] as const;
export type DlpAction = (typeof dlpActions)[number];

/** The text that replaces a blocked content: `[BLOCKED: PII detected in Log channel]`. */
export function dlpBlockedNotice(channel: DlpChannel): string {
  return `[BLOCKED: PII detected in ${channel} channel]`;
}

/** What an interceptor did with one content. */
export interface DlpInterception {
  /** `Allow` when nothing was found or every kind found is allowed. */
  readonly action: DlpAction;
  readonly original: string;
  /** What goes on: the original (`Allow`, `Audit`), with items masked (`Mask`), or the blocked notice (`Block`). */
  readonly processed: string;
  /** The personal data found, values included: for the caller only, never recorded. */
  readonly matches: readonly PiiMatch[];
}

/** Where a content comes from, for the audit record of a detection. */
export interface DlpContentSource {
  /** The tool whose output or call it is. */
  readonly tool?: string;
  readonly caller?: CallerIdentity;
}

/**
 * Screens the text at the five points by the channel's policy. The port through which
 * the runtime applies data-loss prevention: `addSvcDlp` from `@orkeon/dlp` registers it
 * when `Svc:Dlp:ApplyInPipeline` is true, and then delegation (the collaboration tools),
 * the runtime's logger, the memory stores and the A2A and MCP servers pass their text
 * through it. Without a registration nothing is screened.
 */
export interface DlpChannelGuard {
  /** Screens `content` by the policy of `channel`; answers what to pass on as `processed`. */
  screen(channel: DlpChannel, content: string, source?: DlpContentSource): DlpInterception;
}

/** The runtime's DLP guard, when data-loss prevention is applied in the pipeline. */
export const DlpChannelGuardService = serviceToken<DlpChannelGuard>('DlpChannelGuard');
