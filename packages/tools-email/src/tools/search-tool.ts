import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import type { FetchMessageObject, SearchObject } from 'imapflow';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { openFolder } from '../imap/open-folder.js';
import { formatBytes } from '../message/render-message.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { formatMailbox } from '../validation/email-address.js';
import { protocolTextProblem } from '../validation/header-text.js';
import { accountArgument, findAccount, formatCount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailSearchToolName = 'email_search';

const maxTermLength = 200;
const defaultLimit = 20;
/** Subject characters shown per listed message; email_read shows the whole subject. */
const maxListedSubject = 200;
const textTerms = ['from', 'to', 'cc', 'subject', 'body', 'text'] as const;

const term = (what: string) => z.string().optional().describe(`Messages whose ${what} contains this text.`);

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder to search (see email_folders).'),
  from: term('From header'),
  to: term('To header'),
  cc: term('Cc header'),
  subject: term('subject'),
  body: term('body'),
  text: term('headers or body'),
  since: z.iso.date().optional().describe('Received on or after this day (YYYY-MM-DD).'),
  before: z.iso.date().optional().describe('Received before this day (YYYY-MM-DD).'),
  unread: z.boolean().optional().describe('true: only unread messages; false: only read ones.'),
  flagged: z.boolean().optional().describe('true: only flagged messages; false: only unflagged ones.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(1_000)
    .optional()
    .describe(`Most messages to list, newest first (default ${defaultLimit}).`),
});

export type EmailSearchInput = z.output<typeof input>;

/** `email_search`: finds messages in a folder by sender, subject, text, dates and flags, newest first. Needs `Read`. */
export function createEmailSearchTool(settings: EmailSettingsInput = {}): Tool<EmailSearchInput> {
  const bound = bindEmailSettings(settings);
  const maxResults = bound.Limits.MaxSearchResults;
  return defineTool({
    name: emailSearchToolName,
    description: `Search a folder of an e-mail account by from, to, cc, subject, body or any text, by date and by read/flagged state; all given conditions must hold. Lists uid, date, sender, subject and size, newest first (at most ${maxResults}). Read a message with email_read and its uid.`,
    access: 'Read',
    input,
    // One line per message (subjects cut to 200 characters) plus the heading.
    maxResultCharacters: maxResults * 400 + 500,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute(query, context) {
      const account = findAccount(bound, query.account);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Read'], 'reading mail');
      if (denied !== undefined) return denied;
      const criteria = searchCriteria(query);
      if (typeof criteria === 'string') return toolFailure(criteria);
      const limit = Math.min(query.limit ?? defaultLimit, maxResults);
      return withImapSession(bound, account, context, async (client) => {
        const opened = await openFolder(client, account, query.folder, { readOnly: true });
        if (isToolResult(opened)) return opened;
        const found = (await client.search(criteria, { uid: true })) || [];
        if (found.length === 0) return `No message in ${query.folder} of '${account.name}' matches.`;
        const newest = [...found].sort((a, b) => b - a).slice(0, limit);
        const messages = await client.fetchAll(
          newest,
          { uid: true, envelope: true, flags: true, size: true, internalDate: true },
          { uid: true },
        );
        messages.sort((a, b) => b.uid - a.uid);
        const shown =
          found.length > newest.length
            ? `showing the ${formatCount(newest.length)} newest of ${formatCount(found.length)} (narrow the search${query.limit === undefined || query.limit < maxResults ? ' or raise limit' : ''})`
            : `${formatCount(found.length)} in all`;
        return [`Messages in ${query.folder} of '${account.name}': ${shown}.`, ...messages.map(describeMessage)].join(
          '\n',
        );
      });
    },
  });
}

function searchCriteria(query: EmailSearchInput): SearchObject | string {
  const criteria: SearchObject = {};
  for (const name of textTerms) {
    const value = query[name];
    if (value === undefined) continue;
    const problem = protocolTextProblem(value, `The search term '${name}'`, maxTermLength);
    if (problem !== undefined) return problem;
    criteria[name] = value;
  }
  if (query.since !== undefined) criteria.since = query.since;
  if (query.before !== undefined) criteria.before = query.before;
  if (query.unread !== undefined) criteria.seen = !query.unread;
  if (query.flagged !== undefined) criteria.flagged = query.flagged;
  if (Object.keys(criteria).length === 0) criteria.all = true;
  return criteria;
}

function describeMessage(message: FetchMessageObject): string {
  const envelope = message.envelope;
  const from = (envelope?.from ?? []).map((sender) => formatMailbox(sender)).join(', ');
  const date = envelope?.date ?? message.internalDate;
  const when = date === undefined ? '' : new Date(date).toISOString().slice(0, 16).replace('T', ' ');
  const flags = message.flags ?? new Set<string>();
  const states = [
    flags.has('\\Seen') ? undefined : 'unread',
    flags.has('\\Flagged') ? 'flagged' : undefined,
    flags.has('\\Answered') ? 'answered' : undefined,
  ]
    .filter((state) => state !== undefined)
    .join(', ');
  const fullSubject = (envelope?.subject ?? '').replace(/[\r\n]+/g, ' ');
  const subject = fullSubject.length > maxListedSubject ? `${fullSubject.slice(0, maxListedSubject)}…` : fullSubject;
  const size = message.size === undefined ? '' : ` · ${formatBytes(message.size)}`;
  return `uid ${message.uid} · ${when} · ${from} · ${JSON.stringify(subject)}${size}${states === '' ? '' : ` · ${states}`}`;
}
