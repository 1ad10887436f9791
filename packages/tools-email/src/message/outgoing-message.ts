import { type FileSystem, isToolResult, type ToolResult, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { formatCount } from '../tools/email-tool-kit.js';
import { vfsRefusal } from '../tools/vfs-refusal.js';
import { type MailboxAddress, parseMailbox } from '../validation/email-address.js';
import { headerTextProblem } from '../validation/header-text.js';
import { formatBytes } from './render-message.js';

const maxRecipients = 100;
const maxAttachments = 20;
const maxCustomHeaders = 10;
const customHeaderName = /^X-[A-Za-z0-9][A-Za-z0-9-]{0,60}$/;
const messageIdPattern = /^<[^<>\s@]+@[^<>\s@]+>$/;

const recipients = (what: string) =>
  z
    .array(z.string().max(400))
    .max(maxRecipients)
    .default([])
    .describe(`${what}: 'name@example.com' or 'Name <name@example.com>' each.`);

/** The fields of a message an agent writes (`email_send`, `email_draft`); the sender is the account's `From`. */
export const outgoingMessageFields = {
  to: recipients('Recipients'),
  cc: recipients('Copy recipients'),
  bcc: recipients('Blind copy recipients'),
  subject: z.string().max(998).default('').describe('Subject: one line.'),
  text: z.string().default('').describe('Plain-text body.'),
  html: z.string().optional().describe('HTML body, sent besides the text.'),
  attachments: z
    .array(z.string().min(1))
    .max(maxAttachments)
    .default([])
    .describe('Virtual paths of files to attach (e.g. /workspace/report.pdf).'),
  inReplyTo: z.string().max(998).optional().describe('Message-ID of the message this answers, e.g. <abc@example.com>.'),
  headers: z
    .record(z.string(), z.string().max(998))
    .optional()
    .describe(`Extra headers, names starting with 'X-' only (at most ${maxCustomHeaders}).`),
};

const outgoingMessage = z.object(outgoingMessageFields);
export type OutgoingMessageInput = z.output<typeof outgoingMessage>;

/** A message checked for header injection, its attachments read from the VFS. */
export interface CheckedMessage {
  readonly to: readonly MailboxAddress[];
  readonly cc: readonly MailboxAddress[];
  readonly bcc: readonly MailboxAddress[];
  readonly subject: string;
  readonly text: string;
  readonly html: string | undefined;
  readonly inReplyTo: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly attachments: readonly { readonly fileName: string; readonly content: Buffer }[];
}

/**
 * Checks every header-bound field before any library sees it: a line break or control
 * character in a recipient, a name, the subject, `inReplyTo` or an extra header is refused,
 * as is an extra header that is not an `X-` header. Then reads the attachments.
 */
export async function checkOutgoingMessage(
  message: OutgoingMessageInput,
  vfs: FileSystem,
  maxAttachmentBytes: number,
): Promise<CheckedMessage | ToolResult> {
  const lists: Record<'to' | 'cc' | 'bcc', MailboxAddress[]> = { to: [], cc: [], bcc: [] };
  for (const field of ['to', 'cc', 'bcc'] as const) {
    for (const text of message[field]) {
      const parsed = parseMailbox(text);
      if ('problem' in parsed) return toolFailure(`In '${field}': ${parsed.problem}`);
      lists[field].push(parsed.mailbox);
    }
  }
  const problem =
    headerTextProblem(message.subject, 'The subject') ??
    (message.inReplyTo === undefined
      ? undefined
      : (headerTextProblem(message.inReplyTo, "'inReplyTo'") ??
        (messageIdPattern.test(message.inReplyTo.trim())
          ? undefined
          : "'inReplyTo' must be one Message-ID such as <abc@example.com>.")));
  if (problem !== undefined) return toolFailure(problem);
  const headers = message.headers ?? {};
  if (Object.keys(headers).length > maxCustomHeaders)
    return toolFailure(`Give at most ${maxCustomHeaders} extra headers.`);
  for (const [name, value] of Object.entries(headers)) {
    if (!customHeaderName.test(name))
      return toolFailure(
        `The extra header name ${JSON.stringify(name)} is not allowed: only names starting with 'X-' followed by letters, digits and '-' (From, To, Subject and the like have their own fields).`,
      );
    const valueProblem = headerTextProblem(value, `The value of header ${name}`);
    if (valueProblem !== undefined) return toolFailure(valueProblem);
  }
  const attachments: { fileName: string; content: Buffer }[] = [];
  for (const path of message.attachments) {
    const read = await readAttachment(vfs, path, maxAttachmentBytes);
    if (isToolResult(read)) return read;
    attachments.push(read);
  }
  return {
    ...lists,
    subject: message.subject,
    text: message.text,
    html: message.html,
    inReplyTo: message.inReplyTo?.trim(),
    headers,
    attachments,
  };
}

async function readAttachment(
  vfs: FileSystem,
  path: string,
  limit: number,
): Promise<{ fileName: string; content: Buffer } | ToolResult> {
  const entry = await vfs.stat(path);
  if (!entry.ok) return vfsRefusal(entry);
  if (entry.value.kind !== 'file') return toolFailure(`'${entry.value.path}' is not a file: attach files only.`);
  if (entry.value.size > limit)
    return toolFailure(
      `'${entry.value.path}' is ${formatBytes(entry.value.size)}, over the attachment limit of ${formatCount(limit)} bytes (Svc:Tools:Email:Limits:MaxAttachmentBytes).`,
    );
  const read = await vfs.readBytes(path);
  if (!read.ok) return vfsRefusal(read);
  const fileName = entry.value.path.split('/').pop() ?? 'attachment';
  return { fileName, content: read.value };
}
