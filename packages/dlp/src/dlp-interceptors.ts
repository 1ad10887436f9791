import {
  type DlpAction,
  type DlpChannel,
  type DlpContentSource,
  type DlpDetection,
  type DlpInterception,
  dlpBlockedNotice,
  type PiiDetector,
  type PiiMatch,
  type PiiType,
  serviceToken,
} from '@orkeon/core';
import { DlpPolicyInvalidError } from './dlp-errors.js';
import { allowsEverything, type DlpPolicy, dlpActionFor, dlpActionRank } from './dlp-policy.js';

/** @experimental SVCEXP006 */
export interface DlpInterceptorOptions {
  /** Finds the personal data (`RegexPiiDetector`, or the registered `PiiDetectorService`). */
  readonly detector: PiiDetector;
  /**
   * Told of each content masked, blocked or audited, with the kinds and counts, never the
   * values; `addSvcDlp` hands these to the audit trail.
   */
  readonly onDetection?: (detection: DlpDetection) => void;
  /** Replaces each character of a masked item; default `*`. */
  readonly maskCharacter?: string;
}

/**
 * Applies a channel's policy to one content (reference brief §11, item 4).
 *
 * @experimental SVCEXP006
 */
export interface DlpInterceptor {
  readonly channel: DlpChannel;
  /**
   * Scans `content` and answers what to pass on: the content itself (`Allow`, or `Audit`,
   * which also records the detection), the content with the items masked (`Mask`), or
   * `[BLOCKED: PII detected in <channel> channel]` (`Block`). `source` names the tool and
   * caller for the audit record.
   */
  intercept(content: string, policy: DlpPolicy, source?: DlpContentSource): DlpInterception;
}

/**
 * The interceptor of one channel. The action is the highest among the kinds found
 * (`Allow < Mask < Block < Audit`); `Mask` masks the items whose kind's action is `Mask`
 * and leaves the allowed ones; a disabled policy, or one that allows every kind, passes
 * the content without reading it.
 *
 * @experimental SVCEXP006
 */
export class DlpChannelInterceptor implements DlpInterceptor {
  readonly channel: DlpChannel;
  readonly #detector: PiiDetector;
  readonly #onDetection: ((detection: DlpDetection) => void) | undefined;
  readonly #maskCharacter: string;

  constructor(channel: DlpChannel, options: DlpInterceptorOptions) {
    this.channel = channel;
    this.#detector = options.detector;
    this.#onDetection = options.onDetection;
    this.#maskCharacter = options.maskCharacter ?? '*';
  }

  intercept(content: string, policy: DlpPolicy, source: DlpContentSource = {}): DlpInterception {
    if (policy.channel !== this.channel)
      throw new DlpPolicyInvalidError(
        `The ${this.channel} interceptor was given the policy of the ${String(policy.channel)} channel; give it getPolicy('${this.channel}').`,
      );
    if (!policy.enabled || content === '' || allowsEverything(policy)) return passed(content, []);
    const matches = this.#detector.scan(content);
    if (matches.length === 0) return passed(content, matches);
    const actions = matches.map((match) => actionOf(policy, match.type));
    const action = actions.reduce<DlpAction>(
      (highest, next) => (rankOf(next) > rankOf(highest) ? next : highest),
      'Allow',
    );
    if (action === 'Allow') return passed(content, matches);
    const processed =
      action === 'Block'
        ? dlpBlockedNotice(this.channel)
        : action === 'Mask'
          ? this.#masked(content, matches, actions)
          : content;
    this.#onDetection?.({ channel: this.channel, action, counts: countsOf(matches, actions), ...source });
    return { action, original: content, processed, matches };
  }

  #masked(content: string, matches: readonly PiiMatch[], actions: readonly DlpAction[]): string {
    let masked = '';
    let from = 0;
    matches.forEach((match, index) => {
      if (actions[index] !== 'Mask') return;
      masked += content.slice(from, match.start) + this.#maskCharacter.repeat(match.end - match.start);
      from = match.end;
    });
    return masked + content.slice(from);
  }
}

/** Screens tool results. @experimental SVCEXP006 */
export class ToolOutputDlpInterceptor extends DlpChannelInterceptor {
  constructor(options: DlpInterceptorOptions) {
    super('ToolOutput', options);
  }
}

/** Screens what an agent hands a coworker and what comes back. @experimental SVCEXP006 */
export class DelegationDlpInterceptor extends DlpChannelInterceptor {
  constructor(options: DlpInterceptorOptions) {
    super('Delegation', options);
  }
}

/** Screens log records. @experimental SVCEXP006 */
export class LogDlpInterceptor extends DlpChannelInterceptor {
  constructor(options: DlpInterceptorOptions) {
    super('Log', options);
  }
}

/** Screens memories before they are stored. @experimental SVCEXP006 */
export class MemoryDlpInterceptor extends DlpChannelInterceptor {
  constructor(options: DlpInterceptorOptions) {
    super('Memory', options);
  }
}

/** Screens answers leaving the process (A2A, MCP). @experimental SVCEXP006 */
export class ExternalOutputDlpInterceptor extends DlpChannelInterceptor {
  constructor(options: DlpInterceptorOptions) {
    super('ExternalOutput', options);
  }
}

/** The five interceptors, one per channel, as `addSvcDlp` registers them. @experimental SVCEXP006 */
export function createDlpInterceptors(options: DlpInterceptorOptions): DlpInterceptor[] {
  return [
    new ToolOutputDlpInterceptor(options),
    new DelegationDlpInterceptor(options),
    new LogDlpInterceptor(options),
    new MemoryDlpInterceptor(options),
    new ExternalOutputDlpInterceptor(options),
  ];
}

/** The interceptors, one per channel; the last registered for a channel is the one used. @experimental SVCEXP006 */
export const DlpInterceptorService = serviceToken<DlpInterceptor>('DlpInterceptor');

function passed(content: string, matches: readonly PiiMatch[]): DlpInterception {
  return { action: 'Allow', original: content, processed: content, matches };
}

function actionOf(policy: DlpPolicy, type: PiiType): DlpAction {
  const action = dlpActionFor(policy, type);
  if (dlpActionRank(action) === undefined)
    throw new DlpPolicyInvalidError(
      `The ${policy.channel} policy gives ${type} the action '${String(action)}'; the actions are Allow, Mask, Block, Audit.`,
    );
  return action;
}

function rankOf(action: DlpAction): number {
  return dlpActionRank(action) ?? 0;
}

/** How many items of each kind were acted on (allowed kinds left out). */
function countsOf(matches: readonly PiiMatch[], actions: readonly DlpAction[]): Partial<Record<PiiType, number>> {
  const counts: Partial<Record<PiiType, number>> = {};
  matches.forEach((match, index) => {
    if (actions[index] !== 'Allow') counts[match.type] = (counts[match.type] ?? 0) + 1;
  });
  return counts;
}
