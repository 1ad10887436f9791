import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { missingFolder, openFolder } from '../imap/open-folder.js';
import { findSpecialFolder, sameFolder } from '../imap/special-folders.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { accountArgument, findAccount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';
import { describeMissing, uidSet, uidsArgument } from './uid-list.js';

export const emailDeleteToolName = 'email_delete';

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder the messages are in.'),
  uids: uidsArgument,
  permanently: z
    .boolean()
    .default(false)
    .describe('false (default): move to the Trash. true: remove for good (needs the Purge right).'),
});

/**
 * `email_delete`: moves messages to the Trash (`Delete`), or with `permanently` flags and
 * expunges exactly those messages (`Delete` and `Purge`). Messages already in the Trash are only
 * removed with `permanently`.
 */
export function createEmailDeleteTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailDeleteToolName,
    description:
      'Delete e-mails (by uid): they go to the Trash folder. With permanently=true they are removed for good, which needs the Purge right.',
    access: 'Execute',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name, folder, uids, permanently }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = permanently
        ? requireRights(account, ['Delete', 'Purge'], 'removing mail for good')
        : requireRights(account, ['Delete'], 'deleting mail');
      if (denied !== undefined) return denied;
      return withImapSession(bound, account, context, async (client) => {
        const trash = permanently
          ? undefined
          : await findSpecialFolder(client, '\\Trash', account.settings.Folders.Trash);
        if (!permanently) {
          if (trash === undefined)
            return toolFailure(
              `Account '${account.name}' has no Trash folder, so nothing was deleted: the host names one in Svc:Tools:Email:Accounts:${account.name}:Folders:Trash, or create a folder "Trash".`,
            );
          if (sameFolder(trash, folder))
            return toolFailure(
              `The messages are in the Trash already: remove them for good with permanently=true (needs the Purge right).`,
            );
          const folders = await client.list();
          if (!folders.some((known) => sameFolder(known.path, trash))) return missingFolder(account, trash);
        }
        if (permanently && !client.capabilities.has('UIDPLUS'))
          return toolFailure(
            `The IMAP server of '${account.name}' cannot expunge single messages (no UIDPLUS), so nothing was removed: move them to the Trash instead.`,
          );
        const opened = await openFolder(client, account, folder, { readOnly: false });
        if (isToolResult(opened)) return opened;
        const found = (await client.search({ uid: uidSet(uids) }, { uid: true })) || [];
        if (found.length === 0) return toolFailure(`None of the uids is in ${folder} of '${account.name}'.`);
        const set = uidSet(found);
        if (trash !== undefined) {
          await client.messageMove(set, trash, { uid: true });
          return `Moved ${found.length} message(s) from ${folder} to ${trash}.${describeMissing(uids, found)}`;
        }
        // With UIDPLUS only these uids are expunged, not other messages someone else flagged \Deleted.
        await client.messageDelete(set, { uid: true });
        return `Removed ${found.length} message(s) from ${folder} for good.${describeMissing(uids, found)}`;
      });
    },
  });
}
