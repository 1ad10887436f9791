import { defineTool, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { parseMessage } from '../message/parse-message.js';
import { cutBody, formatBytes, renderMessage } from '../message/render-message.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { formatCount } from './email-tool-kit.js';
import { vfsRefusal } from './vfs-refusal.js';

export const emailParserToolName = 'email_parser';

const headerRoomCharacters = 8_000;

const input = z.strictObject({
  path: z.string().min(1).describe('Virtual path of the .eml file (e.g. /workspace/inbox/message.eml).'),
});

/** `email_parser`: reads an .eml file by virtual path and shows it like `email_read`. Needs no account. */
export function createEmailParserTool(settings: EmailSettingsInput = {}): Tool<z.output<typeof input>> {
  const bound = bindEmailSettings(settings);
  const limit = bound.Limits.MaxMessageBytes;
  return defineTool({
    name: emailParserToolName,
    description: `Read an e-mail file (.eml, RFC 5322) by its virtual path: headers, body as plain text (HTML converted, at most ${formatCount(bound.Limits.MaxBodyCharacters)} characters) and its attachments.`,
    access: 'Read',
    input,
    maxResultCharacters: bound.Limits.MaxBodyCharacters + headerRoomCharacters,
    async execute({ path }, context) {
      const entry = await context.vfs.stat(path);
      if (!entry.ok) return vfsRefusal(entry);
      if (entry.value.kind !== 'file')
        return toolFailure(`'${entry.value.path}' is not a file: give the path of an .eml file.`);
      if (entry.value.size > limit)
        return toolFailure(
          `'${entry.value.path}' is ${formatCount(entry.value.size)} bytes, over the limit of ${formatCount(limit)} (Svc:Tools:Email:Limits:MaxMessageBytes): it was not read.`,
        );
      const read = await context.vfs.readBytes(path);
      if (!read.ok) return vfsRefusal(read);
      context.signal.throwIfAborted();
      let view: Awaited<ReturnType<typeof parseMessage>>;
      try {
        view = await parseMessage(read.value, limit);
      } catch {
        return toolFailure(`'${entry.value.path}' cannot be read as an e-mail message: give an .eml file (RFC 5322).`);
      }
      const attachments = view.attachments.map(
        (attachment, index) =>
          `${index + 1}. ${attachment.fileName === undefined ? '(no name)' : JSON.stringify(attachment.fileName)} (${attachment.contentType}, ${formatBytes(attachment.size)})`,
      );
      return renderMessage(
        [
          ['File', entry.value.path],
          ['From', view.from],
          ['Reply-To', view.replyTo],
          ['To', view.to],
          ['Cc', view.cc],
          ['Date', view.date],
          ['Subject', view.subject],
          ['Message-ID', view.messageId],
        ],
        attachments,
        cutBody(view.body, bound.Limits.MaxBodyCharacters),
      );
    },
  });
}
