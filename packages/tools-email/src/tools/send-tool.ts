import { defineTool, isToolResult, type Tool, toolDenied, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { composeMessage } from '../message/compose-message.js';
import { checkOutgoingMessage, outgoingMessageFields } from '../message/outgoing-message.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { deliverMessage } from '../smtp/smtp-delivery.js';
import { parseMailbox } from '../validation/email-address.js';
import { isRecipientAllowed } from '../validation/recipient-allowlist.js';
import {
  accountArgument,
  findAccount,
  formatCount,
  requireRights,
  requireSmtp,
  toolTimeoutMilliseconds,
} from './email-tool-kit.js';

export const emailSendToolName = 'email_send';

const input = z.strictObject({ account: accountArgument, ...outgoingMessageFields });

export type EmailSendInput = z.output<typeof input>;

/**
 * `email_send`: sends a message from the account's own address over SMTP. Needs `Send`, and
 * every recipient (to, cc and bcc) must match `Send:AllowedRecipients`; an empty list allows nobody.
 */
export function createEmailSendTool(settings: EmailSettingsInput = {}): Tool<EmailSendInput> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailSendToolName,
    description:
      "Send an e-mail from an account's own address: to, cc, bcc, subject, text (and optionally html), attachments as virtual paths. Only recipients the host allowed for the account (see email_accounts) can be written to.",
    access: 'Execute',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute(request, context) {
      const account = findAccount(bound, request.account);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Send'], 'sending mail');
      if (denied !== undefined) return denied;
      const smtp = requireSmtp(account);
      if (isToolResult(smtp)) return smtp;
      const checked = await checkOutgoingMessage(request, context.vfs, bound.Limits.MaxAttachmentBytes);
      if (isToolResult(checked)) return checked;
      const recipients = [...checked.to, ...checked.cc, ...checked.bcc].map((mailbox) => mailbox.address);
      if (checked.to.length === 0) return toolFailure("Give at least one recipient in 'to'.");
      const allowed = account.settings.Send.AllowedRecipients;
      const refused = [...new Set(recipients.filter((address) => !isRecipientAllowed(address, allowed)))];
      if (refused.length > 0)
        return toolDenied(
          `Nothing was sent: account '${account.name}' may not send to ${refused.join(', ')}. ${allowed.length === 0 ? 'It allows no recipient at all' : `It allows only ${allowed.join(', ')}`}; only the host can change Svc:Tools:Email:Accounts:${account.name}:Send:AllowedRecipients.`,
        );
      const from = parseMailbox(account.settings.From);
      if ('problem' in from) return toolFailure(`The account's From address cannot be used: ${from.problem}`);
      const composed = await composeMessage(from.mailbox, checked, { keepBcc: false });
      const limit = bound.Limits.MaxMessageBytes;
      if (composed.raw.length > limit)
        return toolFailure(
          `Not sent: the message is ${formatCount(composed.raw.length)} bytes, over the limit of ${formatCount(limit)} (Svc:Tools:Email:Limits:MaxMessageBytes). Attach less.`,
        );
      const delivery = await deliverMessage(
        bound,
        account,
        context,
        { from: from.mailbox.address, to: [...new Set(recipients)] },
        composed.raw,
      );
      if (isToolResult(delivery)) return delivery;
      const rejected = delivery.rejected.length === 0 ? '' : ` The server refused: ${delivery.rejected.join(', ')}.`;
      if (delivery.accepted.length === 0) return toolFailure(`Not sent: the server accepted no recipient.${rejected}`);
      return `Sent from ${from.mailbox.address} to ${delivery.accepted.join(', ')} (Message-ID ${composed.messageId}).${rejected}`;
    },
  });
}
