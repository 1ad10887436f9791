import type { RecordedRequest } from '@orkeon/testing';

type Message = { role: string; content: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** The text of the request's messages of one role. */
export function messageText(request: RecordedRequest | undefined, role: 'system' | 'user'): string {
  const messages = (request?.body?.messages ?? []) as Message[];
  return messages
    .filter((message) => message.role === role)
    .map((message) => textOf(message.content))
    .join('\n');
}
