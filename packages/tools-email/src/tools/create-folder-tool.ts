import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { newFolderNameProblem } from '../validation/folder-name.js';
import { accountArgument, findAccount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailCreateFolderToolName = 'email_create_folder';

const input = z.strictObject({
  account: accountArgument,
  folder: z
    .string()
    .describe('Full path of the new folder, parts separated as email_folders shows (e.g. "Projects/2026").'),
});

/** `email_create_folder`: creates a folder. Needs `Organize`. */
export function createEmailCreateFolderTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailCreateFolderToolName,
    description: 'Create a folder in an e-mail account.',
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name, folder }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Organize'], 'organizing mail');
      if (denied !== undefined) return denied;
      const problem = newFolderNameProblem(folder);
      if (problem !== undefined) return toolFailure(problem);
      return withImapSession(bound, account, context, async (client) => {
        const existing = await client.list();
        if (existing.some((known) => known.path.toLowerCase() === folder.toLowerCase()))
          return toolFailure(`Folder ${JSON.stringify(folder)} already exists in '${account.name}'.`);
        const created = await client.mailboxCreate(folder);
        return `Created folder ${JSON.stringify(created.path)} in '${account.name}'.`;
      });
    },
  });
}
