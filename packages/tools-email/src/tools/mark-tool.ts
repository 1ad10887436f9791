import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { openFolder } from '../imap/open-folder.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { accountArgument, findAccount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';
import { describeMissing, uidSet, uidsArgument } from './uid-list.js';

export const emailMarkToolName = 'email_mark';

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder the messages are in.'),
  uids: uidsArgument,
  read: z.boolean().optional().describe('true: mark as read; false: mark as unread.'),
  flagged: z.boolean().optional().describe('true: flag (star); false: remove the flag.'),
  answered: z.boolean().optional().describe('true: mark as answered; false: remove the mark.'),
});

// Only these three: the \Deleted flag is deletion (email_delete), and free keywords are not offered.
const flagOf = { read: '\\Seen', flagged: '\\Flagged', answered: '\\Answered' } as const;

/** `email_mark`: marks messages read or unread, flagged or not, answered or not. Needs `Organize`. */
export function createEmailMarkTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailMarkToolName,
    description:
      'Mark e-mails (by uid) as read or unread, flagged or unflagged, answered or not. Give at least one of read, flagged, answered.',
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute(request, context) {
      const account = findAccount(bound, request.account);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Organize'], 'organizing mail');
      if (denied !== undefined) return denied;
      const changes = (Object.keys(flagOf) as (keyof typeof flagOf)[]).filter((key) => request[key] !== undefined);
      if (changes.length === 0) return toolFailure('Nothing to mark: give read, flagged or answered (true or false).');
      return withImapSession(bound, account, context, async (client) => {
        const opened = await openFolder(client, account, request.folder, { readOnly: false });
        if (isToolResult(opened)) return opened;
        const found = (await client.search({ uid: uidSet(request.uids) }, { uid: true })) || [];
        if (found.length === 0) return toolFailure(`None of the uids is in ${request.folder} of '${account.name}'.`);
        const set = uidSet(found);
        const add = changes.filter((key) => request[key] === true).map((key) => flagOf[key]);
        const remove = changes.filter((key) => request[key] === false).map((key) => flagOf[key]);
        if (add.length > 0) await client.messageFlagsAdd(set, add, { uid: true });
        if (remove.length > 0) await client.messageFlagsRemove(set, remove, { uid: true });
        const said = changes.map((key) => `${request[key] ? '' : 'not '}${key}`).join(', ');
        return `Marked ${found.length} message(s) in ${request.folder} as ${said}.${describeMissing(request.uids, found)}`;
      });
    },
  });
}
