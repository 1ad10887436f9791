import { type DlpChannel, dlpChannels, serviceToken } from '@orkeon/core';
import { DlpPolicyInvalidError } from './dlp-errors.js';
import { type DlpPolicy, defineDlpPolicy } from './dlp-policy.js';
import type { DlpSettings } from './dlp-settings.js';

/**
 * Where the policy of each channel comes from (reference brief §11, item 4).
 *
 * @experimental SVCEXP006
 */
export interface DlpPolicyProvider {
  getPolicy(channel: DlpChannel): DlpPolicy;
  /** The five policies, in the order of `dlpChannels`. */
  getAllPolicies(): readonly DlpPolicy[];
}

/**
 * The policies of `Svc:Dlp`: each channel's `ChannelPolicies` entry, its `DefaultAction`
 * falling back to the section's; a channel left out has every kind at the section's
 * `DefaultAction`. Read once, when it is made.
 *
 * @experimental SVCEXP006
 */
export class SettingsDlpPolicyProvider implements DlpPolicyProvider {
  readonly #policies: ReadonlyMap<DlpChannel, DlpPolicy>;

  constructor(settings: Pick<DlpSettings, 'DefaultAction' | 'ChannelPolicies'>) {
    this.#policies = new Map(
      dlpChannels.map((channel) => {
        const configured = settings.ChannelPolicies[channel];
        return [
          channel,
          defineDlpPolicy({
            channel,
            defaultAction: configured?.DefaultAction ?? settings.DefaultAction,
            piiActions: configured?.PiiActions ?? {},
            enabled: configured?.Enabled ?? true,
          }),
        ];
      }),
    );
  }

  getPolicy(channel: DlpChannel): DlpPolicy {
    const policy = this.#policies.get(channel);
    if (policy === undefined)
      throw new DlpPolicyInvalidError(
        `Unknown DLP channel '${String(channel)}'; the channels are ${dlpChannels.join(', ')}.`,
      );
    return policy;
  }

  getAllPolicies(): readonly DlpPolicy[] {
    return [...this.#policies.values()];
  }
}

/** The channel policies `addSvcDlp` registers (from `Svc:Dlp`) unless the host registered its own. @experimental SVCEXP006 */
export const DlpPolicyProviderService = serviceToken<DlpPolicyProvider>('DlpPolicyProvider');
