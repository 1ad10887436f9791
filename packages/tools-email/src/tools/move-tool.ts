import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { missingFolder, openFolder } from '../imap/open-folder.js';
import { findSpecialFolder, sameFolder } from '../imap/special-folders.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { folderNameProblem } from '../validation/folder-name.js';
import { accountArgument, findAccount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';
import { describeMissing, uidSet, uidsArgument } from './uid-list.js';

export const emailMoveToolName = 'email_move';

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder the messages are in.'),
  uids: uidsArgument,
  destination: z.string().describe('Folder to move them to (it must exist; see email_folders).'),
});

/**
 * `email_move`: moves messages to another folder. Needs `Organize`; moving into the Trash is
 * deleting, so it also needs `Delete`.
 */
export function createEmailMoveTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailMoveToolName,
    description:
      'Move e-mails (by uid) from one folder to another existing folder of the same account. To delete, use email_delete.',
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name, folder, uids, destination }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Organize'], 'organizing mail');
      if (denied !== undefined) return denied;
      const problem = folderNameProblem(destination, 'The destination folder');
      if (problem !== undefined) return toolFailure(problem);
      if (sameFolder(folder, destination))
        return toolFailure('The destination is the folder the messages are in already.');
      return withImapSession(bound, account, context, async (client) => {
        const folders = await client.list();
        const target = folders.find((known) => sameFolder(known.path, destination));
        if (target === undefined) return missingFolder(account, destination);
        const trash = await findSpecialFolder(client, '\\Trash', account.settings.Folders.Trash);
        if (trash !== undefined && sameFolder(trash, target.path)) {
          const notDeleting = requireRights(account, ['Delete'], 'moving mail to the Trash (that is deleting)');
          if (notDeleting !== undefined) return notDeleting;
        }
        const opened = await openFolder(client, account, folder, { readOnly: false });
        if (isToolResult(opened)) return opened;
        const found = (await client.search({ uid: uidSet(uids) }, { uid: true })) || [];
        if (found.length === 0) return toolFailure(`None of the uids is in ${folder} of '${account.name}'.`);
        if (target.flags.has('\\Noselect'))
          return toolFailure(`${JSON.stringify(target.path)} holds only folders, not messages.`);
        await client.messageMove(uidSet(found), target.path, { uid: true });
        return `Moved ${found.length} message(s) from ${folder} to ${target.path}.${describeMissing(uids, found)}`;
      });
    },
  });
}
