import { defineTool, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import type { FetchMessageObject, ImapFlow, MessageEnvelopeObject } from 'imapflow';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { openFolder } from '../imap/open-folder.js';
import { attachmentsOf, decodedSizeEstimate, type StructureAttachment } from '../message/message-structure.js';
import { parseMessage } from '../message/parse-message.js';
import { cutBody, formatBytes, type HeaderLine, renderMessage } from '../message/render-message.js';
import { bindEmailSettings, type EmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { formatMailbox } from '../validation/email-address.js';
import { accountArgument, findAccount, formatCount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';

export const emailReadToolName = 'email_read';

/** Room for header lines and the attachment list besides the body. */
const headerRoomCharacters = 8_000;

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder of the message.'),
  uid: z.number().int().positive().describe('The message uid, as email_search lists it.'),
});

export type EmailReadInput = z.output<typeof input>;

/**
 * `email_read`: one message as text (HTML turned into text), its headers and its attachments
 * by part number. Never marks it read. Needs `Read`.
 */
export function createEmailReadTool(settings: EmailSettingsInput = {}): Tool<EmailReadInput> {
  const bound = bindEmailSettings(settings);
  return defineTool({
    name: emailReadToolName,
    description: `Read one e-mail by folder and uid: headers, body as plain text (HTML converted, at most ${formatCount(bound.Limits.MaxBodyCharacters)} characters) and attachments with their part numbers for email_save_attachment. Does not mark the message as read.`,
    access: 'Read',
    input,
    maxResultCharacters: bound.Limits.MaxBodyCharacters + headerRoomCharacters,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute({ account: name, folder, uid }, context) {
      const account = findAccount(bound, name);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Read'], 'reading mail');
      if (denied !== undefined) return denied;
      return withImapSession(bound, account, context, async (client) => {
        const opened = await openFolder(client, account, folder, { readOnly: true });
        if (isToolResult(opened)) return opened;
        const summary = await client.fetchOne(
          String(uid),
          { uid: true, envelope: true, size: true, bodyStructure: true, flags: true },
          { uid: true },
        );
        if (summary === false)
          return toolFailure(
            `There is no message with uid ${uid} in ${folder} of '${account.name}': find it with email_search.`,
          );
        return readMessage(client, bound, summary, [
          ['Account', account.name],
          ['Folder', folder],
          ['UID', String(uid)],
        ]);
      });
    },
  });
}

async function readMessage(
  client: ImapFlow,
  settings: EmailSettings,
  summary: FetchMessageObject,
  place: HeaderLine[],
) {
  const attachments =
    summary.bodyStructure === undefined ? [] : attachmentsOf(summary.bodyStructure).map(describeAttachment);
  const flags = [...(summary.flags ?? [])]
    .filter((flag) => flag.startsWith('\\') && flag !== '\\Recent')
    .map((flag) => flag.slice(1));
  const size = summary.size ?? 0;
  const limit = settings.Limits.MaxMessageBytes;
  if (size > limit) {
    const note = `[body not read: the message is ${formatCount(size)} bytes, over the limit of ${formatCount(limit)} (Svc:Tools:Email:Limits:MaxMessageBytes). Its attachments can still be saved one by one with email_save_attachment.]`;
    return renderMessage(
      [...place, ['Flags', flags.join(' ')], ...envelopeHeaders(summary.envelope)],
      attachments,
      note,
    );
  }
  const full = await client.fetchOne(String(summary.uid), { uid: true, source: true }, { uid: true });
  if (full === false || full.source === undefined)
    return toolFailure(`The message with uid ${summary.uid} disappeared while it was read: search again.`);
  const view = await parseMessage(full.source, limit);
  const headers: HeaderLine[] = [
    ...place,
    ['Flags', flags.join(' ')],
    ['From', view.from],
    ['Reply-To', view.replyTo],
    ['To', view.to],
    ['Cc', view.cc],
    ['Date', view.date],
    ['Subject', view.subject],
    ['Message-ID', view.messageId],
    ['Size', formatBytes(size)],
  ];
  return renderMessage(headers, attachments, cutBody(view.body, settings.Limits.MaxBodyCharacters));
}

function envelopeHeaders(envelope: MessageEnvelopeObject | undefined): HeaderLine[] {
  const list = (entries: MessageEnvelopeObject['from']) =>
    (entries ?? []).map((entry) => formatMailbox(entry)).join(', ');
  const date = envelope?.date === undefined ? '' : new Date(envelope.date).toISOString();
  return [
    ['From', list(envelope?.from)],
    ['To', list(envelope?.to)],
    ['Cc', list(envelope?.cc)],
    ['Date', date],
    ['Subject', envelope?.subject ?? ''],
    ['Message-ID', envelope?.messageId ?? ''],
  ];
}

function describeAttachment(attachment: StructureAttachment): string {
  const name = attachment.fileName === undefined ? '(no name)' : JSON.stringify(attachment.fileName);
  return `part ${attachment.part}: ${name} (${attachment.contentType}, about ${formatBytes(decodedSizeEstimate(attachment))})`;
}
