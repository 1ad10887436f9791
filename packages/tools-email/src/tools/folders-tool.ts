import { defineTool, isToolResult, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { accountArgument, findAccount, formatCount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailFoldersToolName = 'email_folders';

const input = z.strictObject({ account: accountArgument });

/** `email_folders`: the folders of an account with their special use and message counts. Needs `Read`. */
export function createEmailFoldersTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailFoldersToolName,
    description:
      'List the folders of an e-mail account, with their special use (Drafts, Sent, Trash, …) and how many messages and unread messages each holds.',
    access: 'Read',
    input,
    maxResultCharacters: 20_000,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Read'], 'reading mail');
      if (denied !== undefined) return denied;
      return withImapSession(bound, account, context, async (client) => {
        const folders = await client.list({ statusQuery: { messages: true, unseen: true } });
        const lines = folders
          .sort((a, b) => a.path.localeCompare(b.path))
          .map((folder) => {
            // imapflow marks the inbox `\Inbox`, which is no special use of the protocol.
            const special = folder.specialUse === '\\Inbox' ? undefined : folder.specialUse;
            const use = special === undefined ? '' : ` [${special.slice(1)}]`;
            const selectable = folder.flags.has('\\Noselect') ? ' (holds only folders)' : '';
            const counts =
              folder.status === undefined
                ? ''
                : ` ${formatCount(folder.status.messages ?? 0)} messages, ${formatCount(folder.status.unseen ?? 0)} unread`;
            return `${folder.path}${use}${selectable}${counts}`;
          });
        return `Folders of '${account.name}' (${lines.length}):\n${lines.join('\n')}`;
      });
    },
  });
}
