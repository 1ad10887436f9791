import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { findSpecialFolder } from '../imap/special-folders.js';
import { composeMessage } from '../message/compose-message.js';
import { checkOutgoingMessage, outgoingMessageFields } from '../message/outgoing-message.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { parseMailbox } from '../validation/email-address.js';
import { accountArgument, findAccount, formatCount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailDraftToolName = 'email_draft';

const input = z.strictObject({ account: accountArgument, ...outgoingMessageFields });

export type EmailDraftInput = z.output<typeof input>;

/**
 * `email_draft`: composes a message and saves it in the Drafts folder for a person to review
 * and send. Needs `Draft`. Nothing is sent, so the allowed recipients are not checked; the
 * header-injection checks are the same as for sending.
 */
export function createEmailDraftTool(settings: EmailSettingsInput = {}): Tool<EmailDraftInput> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailDraftToolName,
    description:
      'Write an e-mail and save it in the Drafts folder of an account (nothing is sent): to, cc, bcc, subject, text, optional html, attachments as virtual paths.',
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute(request, context) {
      const account = findAccount(bound, request.account);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Draft'], 'saving drafts');
      if (denied !== undefined) return denied;
      const checked = await checkOutgoingMessage(request, context.vfs, bound.Limits.MaxAttachmentBytes);
      if (isToolResult(checked)) return checked;
      const from = parseMailbox(account.settings.From);
      if ('problem' in from) return toolFailure(`The account's From address cannot be used: ${from.problem}`);
      const composed = await composeMessage(from.mailbox, checked, { keepBcc: true });
      const limit = bound.Limits.MaxMessageBytes;
      if (composed.raw.length > limit)
        return toolFailure(
          `The draft is ${formatCount(composed.raw.length)} bytes, over the limit of ${formatCount(limit)} (Svc:Tools:Email:Limits:MaxMessageBytes): attach less.`,
        );
      return withImapSession(bound, account, context, async (client) => {
        const drafts = await findSpecialFolder(client, '\\Drafts', account.settings.Folders.Drafts);
        if (drafts === undefined)
          return toolFailure(
            `Account '${account.name}' has no Drafts folder: the host names one in Svc:Tools:Email:Accounts:${account.name}:Folders:Drafts, or create a folder "Drafts".`,
          );
        const appended = await client.append(drafts, composed.raw, ['\\Draft', '\\Seen']);
        const uid = appended === false || appended.uid === undefined ? '' : ` as uid ${appended.uid}`;
        return `Saved the draft ${JSON.stringify(checked.subject)} in ${drafts}${uid} (Message-ID ${composed.messageId}). Nothing was sent.`;
      });
    },
  });
}
