import { defineTool, isToolResult, type Tool, toolDenied, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { missingFolder } from '../imap/open-folder.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { folderNameProblem, isInbox, newFolderNameProblem } from '../validation/folder-name.js';
import { accountArgument, findAccount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailRenameFolderToolName = 'email_rename_folder';

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().describe('Current full path of the folder.'),
  newName: z.string().describe('New full path of the folder.'),
});

/**
 * `email_rename_folder`: renames (or moves) a folder. Needs `Organize`. The inbox and the
 * special-use folders (Drafts, Sent, Trash, Junk, …) are not renamed: mail clients and the
 * other tools find them by their place.
 */
export function createEmailRenameFolderTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailRenameFolderToolName,
    description:
      'Rename a folder of an e-mail account (give full paths). The inbox and special folders such as Drafts, Sent and Trash cannot be renamed.',
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name, folder, newName }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Organize'], 'organizing mail');
      if (denied !== undefined) return denied;
      const problem = folderNameProblem(folder) ?? newFolderNameProblem(newName);
      if (problem !== undefined) return toolFailure(problem);
      if (isInbox(folder) || isInbox(newName))
        return toolDenied('The inbox cannot be renamed, and no folder can take its name.');
      return withImapSession(bound, account, context, async (client) => {
        const folders = await client.list();
        const source = folders.find((known) => known.path === folder);
        if (source === undefined) return missingFolder(account, folder);
        if (source.specialUse !== undefined)
          return toolDenied(
            `${JSON.stringify(folder)} is the account's ${source.specialUse.slice(1)} folder, which is not renamed.`,
          );
        if (folders.some((known) => known.path.toLowerCase() === newName.toLowerCase()))
          return toolFailure(
            `Folder ${JSON.stringify(newName)} already exists in '${account.name}': choose another name.`,
          );
        const renamed = await client.mailboxRename(folder, newName);
        return `Renamed folder ${JSON.stringify(folder)} to ${JSON.stringify(renamed.newPath)} in '${account.name}'.`;
      });
    },
  });
}
