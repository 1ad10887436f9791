import { defineTool, type Logger, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { PackageImporter } from '../optional-package.js';
import { scrub } from '../search/search-results.js';
import { bindSlackSettings, type SlackSettingsInput } from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { baseUrlHost, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { describeSlackError, type SlackClientFactory, slackClientFactory } from './slack-client.js';

export const slackSendMessageToolName = 'slack_send_message';
export const slackReadMessagesToolName = 'slack_read_messages';

const channel = z
  .string()
  .regex(/^[#@]?[A-Za-z0-9._-]{1,80}$/, 'a channel id (C0123ABCD) or name (#general)')
  .describe('The channel id (C0123ABCD), or its name (#general).');

export const slackSendMessageInput = z.strictObject({
  channel,
  text: z.string().min(1).max(40_000).describe('The message (Slack mrkdwn).'),
  thread_ts: z
    .string()
    .regex(/^\d{1,12}\.\d{1,8}$/, 'a message timestamp such as 1712345678.000100')
    .optional()
    .describe('Reply in the thread of this message.'),
});

export const slackReadMessagesInput = z.strictObject({
  channel,
  limit: z.number().int().min(1).max(100).default(20).describe('Messages to read, newest first.'),
});

export type SlackSendMessageInput = z.output<typeof slackSendMessageInput>;
export type SlackReadMessagesInput = z.output<typeof slackReadMessagesInput>;

export interface SlackToolOptions extends Pick<WebToolOptions, 'resolve'> {
  readonly logger?: Logger;
  /** Loads `@slack/web-api`; default `import()`. */
  readonly importPackage?: PackageImporter;
}

/**
 * The `slack_send_message` (`Execute`) and `slack_read_messages` (`Read`) tools over the
 * Slack Web API. `token` is a bot token from `Svc:Tools:Web:Slack:BotToken` or `SLACK_BOT_TOKEN`.
 */
export function createSlackTools(
  token: string,
  settings: { readonly web?: WebSettingsInput; readonly slack?: SlackSettingsInput } = {},
  options: SlackToolOptions = {},
): [Tool<SlackSendMessageInput>, Tool<SlackReadMessagesInput>] {
  const web = bindWebSettings(settings.web);
  const slack = bindSlackSettings(settings.slack);
  const client = createWebHttpClient(web, {
    extraAllowedHosts: [baseUrlHost(slack.BaseUrl)],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  const connect = slackClientFactory({
    token,
    settings: slack,
    client,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.importPackage === undefined ? {} : { importPackage: options.importPackage }),
  });
  return [
    sendMessageTool(connect, token, slack.AllowBroadcastMentions, toolTimeout(web)),
    readMessagesTool(connect, token, toolTimeout(web)),
  ];
}

/**
 * Turns `<!channel>`, `<!here>`, `<!everyone>` and other `<!…>` commands into plain text,
 * so a message an agent writes cannot notify a whole workspace.
 */
export function neutralizeBroadcasts(text: string): string {
  return text.replace(/<!([^>]*)>/g, '&lt;!$1&gt;');
}

function sendMessageTool(connect: SlackClientFactory, token: string, allowBroadcasts: boolean, timeout: number) {
  return defineTool({
    name: slackSendMessageToolName,
    description:
      `Posts a message to a Slack channel (or a thread). ${allowBroadcasts ? '' : 'Channel-wide mentions (<!channel>, <!here>) are sent as plain text.'}`.trim(),
    input: slackSendMessageInput,
    access: 'Execute',
    timeoutMilliseconds: timeout,
    async execute(input, context) {
      try {
        const slack = await connect(context.signal);
        const answer = await slack.chat.postMessage({
          channel: input.channel,
          text: allowBroadcasts ? input.text : neutralizeBroadcasts(input.text),
          link_names: allowBroadcasts,
          ...(input.thread_ts === undefined ? {} : { thread_ts: input.thread_ts }),
        });
        return `Sent to ${String(answer.channel ?? input.channel)} (ts ${String(answer.ts ?? '?')}).`;
      } catch (error) {
        return toolFailure(scrub(describeSlackError(error), token));
      }
    },
  });
}

function readMessagesTool(connect: SlackClientFactory, token: string, timeout: number) {
  return defineTool({
    name: slackReadMessagesToolName,
    description: 'Reads the latest messages of a Slack channel, newest first: time stamp, author and text.',
    input: slackReadMessagesInput,
    access: 'Read',
    timeoutMilliseconds: timeout,
    async execute(input, context) {
      try {
        const slack = await connect(context.signal);
        const answer = await slack.conversations.history({ channel: input.channel, limit: input.limit });
        const messages = (answer.messages as Record<string, unknown>[] | undefined) ?? [];
        if (messages.length === 0) return `No messages in ${input.channel}.`;
        const lines = [
          `${messages.length} latest messages of ${input.channel}${answer.has_more === true ? ' (more are older)' : ''}:`,
        ];
        for (const message of messages) {
          const author = String(message.user ?? message.bot_id ?? message.username ?? 'unknown');
          const thread =
            typeof message.reply_count === 'number' && message.reply_count > 0
              ? ` [${message.reply_count} replies]`
              : '';
          lines.push(
            `[${String(message.ts ?? '?')}] ${author}: ${String(message.text ?? '').replace(/\s*\n\s*/g, ' / ')}${thread}`,
          );
        }
        return lines.join('\n');
      } catch (error) {
        return toolFailure(scrub(describeSlackError(error), token));
      }
    },
  });
}
