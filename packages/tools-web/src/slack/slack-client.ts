import { type Logger, OrkeonError } from '@orkeon/core';
import type { WebHttpClient } from '../http/web-http-client.js';
import { loadOptionalPackage, type PackageImporter } from '../optional-package.js';
import type { SlackSettings } from '../settings/service-settings.js';

/** The parts of a Slack `WebClient` the tools call. */
export interface SlackClient {
  readonly chat: { postMessage(arguments_: Record<string, unknown>): Promise<Record<string, unknown>> };
  readonly conversations: { history(arguments_: Record<string, unknown>): Promise<Record<string, unknown>> };
}

/** Makes a Slack client whose requests cross the guarded client and stop with `signal`. */
export type SlackClientFactory = (signal: AbortSignal) => Promise<SlackClient>;

export interface SlackConnection {
  readonly token: string;
  readonly settings: SlackSettings;
  readonly client: WebHttpClient;
  readonly logger?: Logger;
  readonly importPackage?: PackageImporter;
}

/**
 * A factory of Slack `WebClient`s (`@slack/web-api`, an optional peer package loaded on
 * first use): no retries (a tool call answers at once), Slack's own log lines sent to our
 * logger at debug level, and one client per call so the call's signal stops its requests.
 */
export function slackClientFactory(connection: SlackConnection): SlackClientFactory {
  let loaded: Promise<typeof import('@slack/web-api')> | undefined;
  return async (signal) => {
    loaded ??= loadOptionalPackage('@slack/web-api', connection.importPackage).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    const { WebClient } = await loaded;
    const log =
      (level: string) =>
      (...message: unknown[]) =>
        connection.logger?.debug({ slack: level }, message.map(String).join(' '));
    const logger = {
      debug: log('debug'),
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      setLevel() {},
      getLevel: () => 'debug',
      setName() {},
    };
    return new WebClient(connection.token, {
      slackApiUrl: connection.settings.BaseUrl.endsWith('/')
        ? connection.settings.BaseUrl
        : `${connection.settings.BaseUrl}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      allowAbsoluteUrls: false,
      logger: logger as never,
      fetch: ((url: string | URL, init?: RequestInit) =>
        connection.client.fetch(url, {
          ...init,
          signal: init?.signal == null ? signal : AbortSignal.any([init.signal, signal]),
        })) as never,
    }) as unknown as SlackClient;
  };
}

/** A Slack API error as one line: Slack's error name and what to do, never the token. */
export function describeSlackError(error: unknown): string {
  if (OrkeonError.isInstance(error)) return error.message;
  const data = (error as { data?: { error?: unknown } }).data;
  const code = typeof data?.error === 'string' ? data.error : undefined;
  const hints: Record<string, string> = {
    not_authed: 'no token was sent: set Svc:Tools:Web:Slack:BotToken or SLACK_BOT_TOKEN',
    invalid_auth: 'Slack refused the token: check Svc:Tools:Web:Slack:BotToken or SLACK_BOT_TOKEN',
    channel_not_found: 'no such channel, or the bot cannot see it: give a channel id (C0123…) the bot was added to',
    not_in_channel: 'the bot is not a member of the channel: invite it first',
    missing_scope: 'the token lacks a scope this call needs (chat:write, channels:history)',
    ratelimited: 'Slack rate-limited the call: wait and try again',
    msg_too_long: 'the message is too long',
  };
  if (code !== undefined) return `Slack answered '${code}'${hints[code] === undefined ? '' : `: ${hints[code]}`}.`;
  if ((error as { code?: unknown }).code === 'slack_webapi_rate_limited_error')
    return 'Slack rate-limited the call: wait and try again.';
  return `Could not reach Slack: ${(error as Error).message?.split('\n')[0] ?? String(error)}.`;
}
