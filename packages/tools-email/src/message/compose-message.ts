import { loadMailComposer } from '../libraries.js';
import type { MailboxAddress } from '../validation/email-address.js';
import type { CheckedMessage } from './outgoing-message.js';

/** A composed message: its bytes and its Message-ID. */
export interface ComposedMessage {
  readonly raw: Buffer;
  readonly messageId: string;
}

/**
 * Builds the RFC 5322 message with nodemailer's composer, from fields already checked. File
 * and URL access of the composer are off: every part's content is given here. `keepBcc` keeps
 * the Bcc header, for a draft only.
 */
export async function composeMessage(
  from: MailboxAddress,
  message: CheckedMessage,
  options: { keepBcc: boolean },
): Promise<ComposedMessage> {
  const { default: MailComposer } = await loadMailComposer();
  const composer = new MailComposer({
    from,
    to: [...message.to],
    cc: [...message.cc],
    bcc: [...message.bcc],
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.inReplyTo === undefined ? {} : { inReplyTo: message.inReplyTo, references: message.inReplyTo }),
    headers: { ...message.headers },
    attachments: message.attachments.map((attachment) => ({
      filename: attachment.fileName,
      content: attachment.content,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const node = composer.compile();
  if (options.keepBcc) node.keepBcc = true;
  const raw = await node.build();
  return { raw, messageId: node.messageId() };
}
