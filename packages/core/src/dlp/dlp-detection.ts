import type { CallerIdentity } from '../tools/tool.js';
import type { DlpAction, DlpChannel } from './dlp-channel-guard.js';
import { describePiiCount, type PiiType, piiTypes } from './pii-detector.js';

/**
 * Personal data a DLP interceptor acted on, as the audit trail records it: the channel,
 * the action and how many items of each kind, never the values.
 */
export interface DlpDetection {
  readonly channel: DlpChannel;
  /** `Mask`, `Block` or `Audit` (an allowed content is not recorded). */
  readonly action: Exclude<DlpAction, 'Allow'>;
  readonly counts: Readonly<Partial<Record<PiiType, number>>>;
  readonly tool?: string;
  readonly caller?: CallerIdentity;
}

/** The detection in a few words: `ToolOutput Mask: 1 e-mail address, 2 credit card numbers`. */
export function describeDlpDetection(detection: DlpDetection): string {
  const kinds = piiTypes
    .filter((type) => (detection.counts[type] ?? 0) > 0)
    .map((type) => describePiiCount(type, detection.counts[type] ?? 0));
  return `${detection.channel} ${detection.action}: ${kinds.join(', ')}`;
}
