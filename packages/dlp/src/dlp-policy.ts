import { type DlpAction, type DlpChannel, dlpActions, dlpChannels, type PiiType, piiTypes } from '@orkeon/core';
import { DlpPolicyInvalidError } from './dlp-errors.js';

/**
 * What one channel does with personal data (reference brief §11, item 4): an action per
 * kind, `defaultAction` for the kinds left out. When a content holds several kinds, the
 * highest of their actions wins, in the order `Allow < Mask < Block < Audit`.
 *
 * @experimental SVCEXP006
 */
export interface DlpPolicy {
  readonly channel: DlpChannel;
  /** The action of the kinds `piiActions` leaves out; default `Audit`. */
  readonly defaultAction: DlpAction;
  readonly piiActions: Readonly<Partial<Record<PiiType, DlpAction>>>;
  /** `false`: the channel's content passes unread. */
  readonly enabled: boolean;
}

/** What `defineDlpPolicy` takes: the channel, and any field to set besides the defaults. @experimental SVCEXP006 */
export interface DlpPolicyInput {
  readonly channel: DlpChannel;
  readonly defaultAction?: DlpAction;
  /** A kind left out, or set to `undefined`, takes `defaultAction`. */
  readonly piiActions?: Readonly<Partial<Record<PiiType, DlpAction | undefined>>>;
  readonly enabled?: boolean;
}

/** The rank of each action: the highest among the kinds found wins. */
const rank: Readonly<Record<DlpAction, number>> = { Allow: 0, Mask: 1, Block: 2, Audit: 3 };

/**
 * A checked, frozen policy with the defaults filled in (`defaultAction` `Audit`, no
 * action per kind, enabled). An unknown channel, kind or action throws
 * `DlpPolicyInvalidError` naming the allowed values.
 *
 * @experimental SVCEXP006
 */
export function defineDlpPolicy(input: DlpPolicyInput): DlpPolicy {
  if (!dlpChannels.includes(input.channel))
    throw new DlpPolicyInvalidError(
      `Unknown DLP channel '${String(input.channel)}'; the channels are ${dlpChannels.join(', ')}.`,
    );
  const defaultAction = input.defaultAction ?? 'Audit';
  checkAction(defaultAction, `The defaultAction of the ${input.channel} policy`);
  const piiActions: Partial<Record<PiiType, DlpAction>> = {};
  for (const [type, action] of Object.entries(input.piiActions ?? {})) {
    if (!(piiTypes as readonly string[]).includes(type))
      throw new DlpPolicyInvalidError(
        `Unknown kind of personal data '${type}' in the piiActions of the ${input.channel} policy; the kinds are ${piiTypes.join(', ')}.`,
      );
    if (action === undefined) continue;
    checkAction(action, `The action for ${type} in the ${input.channel} policy`);
    piiActions[type as PiiType] = action;
  }
  return Object.freeze({
    channel: input.channel,
    defaultAction,
    piiActions: Object.freeze(piiActions),
    enabled: input.enabled ?? true,
  });
}

/** The action `policy` takes for `type`: its own, else the policy's default. @experimental SVCEXP006 */
export function dlpActionFor(policy: DlpPolicy, type: PiiType): DlpAction {
  return policy.piiActions[type] ?? policy.defaultAction;
}

/** The rank of an action (`Allow` 0 … `Audit` 3), or `undefined` for a value that is not one. */
export function dlpActionRank(action: DlpAction): number | undefined {
  return Object.hasOwn(rank, action) ? rank[action] : undefined;
}

/** True when every kind is allowed: nothing needs to be read. */
export function allowsEverything(policy: DlpPolicy): boolean {
  return piiTypes.every((type) => dlpActionFor(policy, type) === 'Allow');
}

function checkAction(action: DlpAction, what: string): void {
  if (dlpActionRank(action) === undefined)
    throw new DlpPolicyInvalidError(`${what} is '${String(action)}'; the actions are ${dlpActions.join(', ')}.`);
}
