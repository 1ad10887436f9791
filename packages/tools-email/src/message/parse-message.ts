import type { AddressObject, ParsedMail } from 'mailparser';
import { loadMailParser } from '../libraries.js';
import { formatMailbox } from '../validation/email-address.js';

/** A message reduced to what a model reads: header lines, body text, attachments. */
export interface MessageView {
  readonly from: string;
  readonly to: string;
  readonly cc: string;
  readonly replyTo: string;
  readonly date: string;
  readonly subject: string;
  readonly messageId: string;
  /** Plain text: the text part, or the HTML part turned into text (scripts and styles dropped). */
  readonly body: string;
  readonly attachments: readonly {
    readonly fileName: string | undefined;
    readonly contentType: string;
    readonly size: number;
  }[];
}

/** Parses a whole RFC 5322 message. HTML is never returned as HTML: without a text part, its text is used. */
export async function parseMessage(source: Buffer, maxHtmlCharacters: number): Promise<MessageView> {
  const { simpleParser } = await loadMailParser();
  const parsed: ParsedMail = await simpleParser(source, {
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: maxHtmlCharacters,
  });
  return {
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    date: parsed.date === undefined || Number.isNaN(parsed.date.getTime()) ? '' : parsed.date.toISOString(),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    body: (await bodyText(parsed, maxHtmlCharacters)).replace(/\r\n/g, '\n').trim(),
    attachments: parsed.attachments.map((attachment) => ({
      fileName: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
    })),
  };
}

/**
 * The text body. mailparser turns HTML into text only for an HTML root or beside a text part; an
 * HTML part alone inside multipart/mixed stays HTML. That HTML is parsed again as the root of a
 * message of its own, so the same converter (html-to-text: scripts and styles dropped) handles it.
 */
async function bodyText(parsed: ParsedMail, maxHtmlCharacters: number): Promise<string> {
  if (parsed.text !== undefined && parsed.text.trim() !== '') return parsed.text;
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  if (html.trim() === '') return parsed.text ?? '';
  const { simpleParser } = await loadMailParser();
  const htmlRoot = Buffer.concat([
    Buffer.from('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'),
    Buffer.from(html, 'utf8'),
  ]);
  const converted = await simpleParser(htmlRoot, {
    skipTextToHtml: true,
    skipImageLinks: true,
    maxHtmlLengthToParse: maxHtmlCharacters,
  });
  return converted.text ?? '';
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (value === undefined) return '';
  const list = (Array.isArray(value) ? value : [value]).flatMap((object) => object.value);
  return list
    .flatMap((entry) => (entry.group === undefined ? [entry] : entry.group))
    .map((entry) => formatMailbox({ address: entry.address ?? '', name: entry.name }))
    .join(', ');
}
