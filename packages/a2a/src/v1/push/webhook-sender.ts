import { Agent, errors, request } from 'undici';
import type { V1StreamResponse } from '../wire/task.js';
import type { V1TaskPushNotificationConfig } from './push-config.js';
import { PushAddressRefusedError } from './push-errors.js';
import { webhookPayload } from './webhook-payload.js';
import { guardedLookup, type WebhookTargetPolicy, webhookUrlRefusal } from './webhook-target.js';

/** What one attempt came to. */
export type WebhookOutcome =
  | { readonly kind: 'delivered'; readonly status: number }
  /** Worth another attempt: a network error, a time-out, 408, 429 or 5xx. */
  | { readonly kind: 'retry'; readonly reason: string; readonly retryAfterMilliseconds?: number }
  /** Not worth another: another status, or an address webhooks may not reach. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** The sender was stopped during the attempt. */
  | { readonly kind: 'stopped' };

export interface WebhookSenderOptions {
  readonly policy: WebhookTargetPolicy;
  /** How long one attempt may take, answer included. */
  readonly timeoutMilliseconds: number;
}

/**
 * Posts one event to one webhook, as `webhookPayload` writes it for the config (the event's
 * JSON as `application/a2a+json` with `A2A-Version: 1.0`, or the 0.3 event for a config
 * made over A2A 0.3), with the config's credentials and token. Connections go through
 * `guardedLookup`, so a host name is checked against the address rules on the answer it
 * connects to; an address in the URL is checked before each attempt. Redirects are not
 * followed (a redirect could lead anywhere).
 *
 * @experimental SVCEXP001
 */
export class WebhookSender {
  readonly #options: WebhookSenderOptions;
  readonly #agent: Agent;

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
    this.#agent = new Agent({ connect: { lookup: guardedLookup(options.policy) } });
  }

  /** One attempt; never throws. `stop` ends it at once with `stopped`. */
  async send(
    config: V1TaskPushNotificationConfig,
    event: V1StreamResponse,
    stop: AbortSignal,
  ): Promise<WebhookOutcome> {
    const refusal = await webhookUrlRefusal(config.url, this.#options.policy, { resolveNames: false });
    if (refusal !== undefined) return { kind: 'refused', reason: refusal };
    const timeout = AbortSignal.timeout(this.#options.timeoutMilliseconds);
    try {
      const payload = webhookPayload(config, event);
      const response = await request(config.url, {
        dispatcher: this.#agent,
        method: 'POST',
        headers: payload.headers,
        body: payload.body,
        signal: AbortSignal.any([stop, timeout]),
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { kind: 'delivered', status };
      if (status === 408 || status === 429 || status >= 500) {
        const retryAfter = retryAfterMilliseconds(response.headers['retry-after']);
        return {
          kind: 'retry',
          reason: `the webhook answered ${status}`,
          ...(retryAfter === undefined ? {} : { retryAfterMilliseconds: retryAfter }),
        };
      }
      return {
        kind: 'refused',
        reason:
          status >= 300 && status < 400
            ? `the webhook answered ${status} (a redirect, which webhooks do not follow)`
            : `the webhook answered ${status}`,
      };
    } catch (error) {
      if (stop.aborted) return { kind: 'stopped' };
      if (timeout.aborted)
        return { kind: 'retry', reason: `no answer within ${this.#options.timeoutMilliseconds / 1000} s` };
      const refused = refusedAddress(error);
      if (refused !== undefined) return { kind: 'refused', reason: refused.message };
      if (error instanceof errors.InvalidArgumentError) return { kind: 'refused', reason: error.message };
      const code = (error as { code?: unknown }).code;
      const detail = `${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message}`;
      return { kind: 'retry', reason: `the webhook could not be reached (${detail})` };
    }
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

/** `Retry-After` in seconds (its date form is rare from webhooks and is ignored). */
function retryAfterMilliseconds(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) * 1000 : undefined;
}

/** The address refusal behind a failed connection, however the HTTP client wrapped it. */
function refusedAddress(error: unknown): PushAddressRefusedError | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (PushAddressRefusedError.isInstance(current)) return current;
    current = (current as { cause?: unknown } | null)?.cause;
  }
  return undefined;
}
