import type { DlpChannelGuard, DlpContentSource } from './dlp-channel-guard.js';

/** A hand-over to a coworker after the `Delegation` channel: what to send, or why nothing is sent. */
export type ScreenedHandOver =
  | { readonly blocked: false; readonly text: string; readonly context: string | undefined }
  | { readonly blocked: true; readonly reason: string };

/**
 * Screens what an agent hands a coworker (the question or work, and its context). When
 * either is blocked the coworker is not asked at all: the reason starts with the blocked
 * notice and tells the agent how to go on.
 */
export function screenHandOver(
  guard: DlpChannelGuard | undefined,
  handOver: { readonly text: string; readonly context: string | undefined },
  source: DlpContentSource,
): ScreenedHandOver {
  if (guard === undefined) return { blocked: false, ...handOver };
  const text = guard.screen('Delegation', handOver.text, source);
  const context = handOver.context === undefined ? undefined : guard.screen('Delegation', handOver.context, source);
  const blocked = text.action === 'Block' ? text : context?.action === 'Block' ? context : undefined;
  if (blocked !== undefined)
    return {
      blocked: true,
      reason: `${blocked.processed} The coworker was not asked: hand the work over without the personal data.`,
    };
  return { blocked: false, text: text.processed, context: context?.processed };
}

/** What a coworker answered, after the `Delegation` channel (the blocked notice when blocked). */
export function screenCoworkerAnswer(
  guard: DlpChannelGuard | undefined,
  answer: string,
  source: DlpContentSource,
): string {
  return guard === undefined ? answer : guard.screen('Delegation', answer, source).processed;
}
