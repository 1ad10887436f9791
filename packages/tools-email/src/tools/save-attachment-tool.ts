import { defineTool, type FileSystem, isToolResult, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { withImapSession } from '../imap/imap-session.js';
import { openFolder } from '../imap/open-folder.js';
import { attachmentsOf, decodedSizeEstimate } from '../message/message-structure.js';
import { formatBytes } from '../message/render-message.js';
import { bindEmailSettings, type EmailSettingsInput } from '../settings/email-settings.js';
import { numberedFileName, safeAttachmentFileName } from '../validation/attachment-file-name.js';
import { accountArgument, findAccount, formatCount, requireRights, toolTimeoutMilliseconds } from './email-tool-kit.js';
import { vfsRefusal } from './vfs-refusal.js';

export const emailSaveAttachmentToolName = 'email_save_attachment';

/** How many ` (n)` alternatives are tried before giving up on a free file name. */
const maxNameAlternatives = 100;

const input = z.strictObject({
  account: accountArgument,
  folder: z.string().default('INBOX').describe('Folder of the message.'),
  uid: z.number().int().positive().describe('The message uid.'),
  part: z
    .string()
    .regex(/^\d{1,4}(?:\.\d{1,4}){0,9}$/, { message: "a part number is digits separated by dots, e.g. '2' or '1.3'" })
    .describe('Part number of the attachment, as email_read lists it (e.g. "2").'),
  directory: z.string().min(1).describe('Virtual path of the folder to save into, e.g. /workspace/mail.'),
  fileName: z
    .string()
    .max(255)
    .optional()
    .describe("File name to use instead of the attachment's own; made safe the same way."),
});

export type EmailSaveAttachmentInput = z.output<typeof input>;

/**
 * `email_save_attachment`: writes one attachment into a folder through the VFS, under a safe
 * name (never a path the sender chose) and without replacing a file. Needs `Read` on the
 * account and write rights on the folder.
 */
export function createEmailSaveAttachmentTool(settings: EmailSettingsInput = {}): Tool<EmailSaveAttachmentInput> {
  const bound = bindEmailSettings(settings);
  const limit = bound.Limits.MaxAttachmentBytes;
  return defineTool({
    name: emailSaveAttachmentToolName,
    description: `Save one attachment of an e-mail (by folder, uid and part number from email_read) as a file in a folder (virtual path). The file name is made safe and an existing file is never replaced. At most ${formatBytes(limit)}.`,
    access: 'Edit',
    input,
    timeoutMilliseconds: toolTimeoutMilliseconds(bound),
    async execute(request, context) {
      const account = findAccount(bound, request.account);
      if (isToolResult(account)) return account;
      const denied = requireRights(account, ['Read'], 'reading mail');
      if (denied !== undefined) return denied;
      const where = `part ${request.part} of uid ${request.uid} in ${request.folder}`;
      const downloaded = await withImapSession(bound, account, context, async (client) => {
        const opened = await openFolder(client, account, request.folder, { readOnly: true });
        if (isToolResult(opened)) return opened;
        const summary = await client.fetchOne(String(request.uid), { uid: true, bodyStructure: true }, { uid: true });
        if (summary === false || summary.bodyStructure === undefined)
          return toolFailure(`There is no message with uid ${request.uid} in ${request.folder} of '${account.name}'.`);
        const attachments = attachmentsOf(summary.bodyStructure);
        const attachment = attachments.find((candidate) => candidate.part === request.part);
        if (attachment === undefined) {
          const known = attachments.map((candidate) => candidate.part).join(', ');
          return toolFailure(
            `The message has no attachment with part number ${request.part}: ${known === '' ? 'it has no attachments' : `its attachment parts are ${known}`} (see email_read).`,
          );
        }
        if (decodedSizeEstimate(attachment) > limit) return tooLarge(where, decodedSizeEstimate(attachment), limit);
        const download = await client.download(String(request.uid), request.part, {
          uid: true,
          maxBytes: limit + 1,
          decodeText: false,
        });
        if (download.content === undefined) return toolFailure(`The server did not deliver ${where}.`);
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of download.content as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > limit) {
            download.content.destroy();
            return tooLarge(where, size, limit);
          }
          chunks.push(chunk);
        }
        return { content: Buffer.concat(chunks), name: attachment.fileName ?? download.meta.filename };
      });
      if (isToolResult(downloaded)) return downloaded;
      const { content, name } = downloaded;
      const safeName = safeAttachmentFileName(
        request.fileName ?? name,
        `attachment-${request.part.replace(/\./g, '-')}.bin`,
      );
      const target = await freePath(context.vfs, request.directory, safeName);
      if (target === undefined)
        return toolFailure(
          `'${request.directory}' already holds '${safeName}' and ${maxNameAlternatives} numbered copies: choose another folder or fileName.`,
        );
      const written = await context.vfs.writeBytes(target, content);
      if (!written.ok) return vfsRefusal(written);
      const renamed =
        name !== undefined && name !== safeName && request.fileName === undefined
          ? ` (the attachment's name ${JSON.stringify(name)} was made safe)`
          : '';
      return `Saved ${where} (${formatBytes(content.length)}) as '${written.value.path}'${renamed}.`;
    },
  });
}

function tooLarge(where: string, size: number, limit: number) {
  return toolFailure(
    `${where} is about ${formatCount(size)} bytes, over the limit of ${formatCount(limit)} (Svc:Tools:Email:Limits:MaxAttachmentBytes): it was not saved.`,
  );
}

/** The first of `name`, `name (1)`, … that does not exist yet in `directory`. */
async function freePath(vfs: FileSystem, directory: string, name: string): Promise<string | undefined> {
  const folder = directory.replace(/\/+$/, '');
  for (let index = 0; index < maxNameAlternatives; index++) {
    const path = `${folder}/${numberedFileName(name, index)}`;
    if (!(await vfs.exists(path))) return path;
  }
  return undefined;
}
