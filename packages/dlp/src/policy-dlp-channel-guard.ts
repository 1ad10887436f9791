import {
  type DlpChannel,
  type DlpChannelGuard,
  type DlpContentSource,
  type DlpInterception,
  dlpChannels,
} from '@orkeon/core';
import { DlpPolicyInvalidError } from './dlp-errors.js';
import type { DlpInterceptor } from './dlp-interceptors.js';
import type { DlpPolicyProvider } from './dlp-policy-provider.js';

/**
 * The guard `addSvcDlp` registers with `ApplyInPipeline`: each content goes to the
 * interceptor of its channel (the last given for that channel) with that channel's policy.
 *
 * @experimental SVCEXP006
 */
export class PolicyDlpChannelGuard implements DlpChannelGuard {
  readonly #policies: DlpPolicyProvider;
  readonly #interceptors: ReadonlyMap<DlpChannel, DlpInterceptor>;

  /** Refuses a set of interceptors that leaves a channel without one. */
  constructor(options: { readonly policies: DlpPolicyProvider; readonly interceptors: readonly DlpInterceptor[] }) {
    this.#policies = options.policies;
    this.#interceptors = new Map(options.interceptors.map((interceptor) => [interceptor.channel, interceptor]));
    const missing = dlpChannels.filter((channel) => !this.#interceptors.has(channel));
    if (missing.length > 0)
      throw new DlpPolicyInvalidError(
        `No DLP interceptor for the channel(s) ${missing.join(', ')}: register one per channel under DlpInterceptorService (createDlpInterceptors makes all five).`,
      );
  }

  screen(channel: DlpChannel, content: string, source?: DlpContentSource): DlpInterception {
    const interceptor = this.#interceptors.get(channel);
    if (interceptor === undefined)
      throw new DlpPolicyInvalidError(
        `Unknown DLP channel '${String(channel)}'; the channels are ${dlpChannels.join(', ')}.`,
      );
    return interceptor.intercept(content, this.#policies.getPolicy(channel), source);
  }
}
