import { formatCount } from '../tools/email-tool-kit.js';

/** One header line of a rendered message; empty values are left out. */
export type HeaderLine = readonly [label: string, value: string];

/** `12.3 KB`, `4.0 MB`: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The body cut to `maxCharacters`, with a note saying what was cut. */
export function cutBody(body: string, maxCharacters: number): string {
  if (body.length <= maxCharacters) return body;
  return `${body.slice(0, maxCharacters)}\n[body cut: showing the first ${formatCount(maxCharacters)} of ${formatCount(body.length)} characters]`;
}

/** Header lines, an attachment list and a body, as one text a model reads. */
export function renderMessage(
  headers: readonly HeaderLine[],
  attachments: readonly string[],
  body: string | undefined,
): string {
  const lines = headers.filter(([, value]) => value !== '').map(([label, value]) => `${label}: ${oneLine(value)}`);
  if (attachments.length > 0)
    lines.push(`Attachments (${attachments.length}):`, ...attachments.map((line) => `  ${line}`));
  if (body !== undefined) lines.push('', body === '' ? '(no text body)' : body);
  return lines.join('\n');
}

/** Header values shown on one line, so a crafted value cannot fake more header lines. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
