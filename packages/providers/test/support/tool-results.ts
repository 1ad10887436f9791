import type { RecordedRequest } from '@orkeon/testing';

/** The tool results a request sends back to the model, as text, in either dialect. */
export function toolResultsIn(request: RecordedRequest | undefined): string[] {
  const messages = (request?.body?.messages ?? []) as { role: string; content: unknown }[];
  if (request?.dialect === 'openai') {
    return messages.filter((message) => message.role === 'tool').map((message) => textOf(message.content));
  }
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type: string; content?: unknown }[])
          .filter((part) => part.type === 'tool_result')
          .map((part) => textOf(part.content))
      : [],
  );
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: unknown }) => String(part.text ?? '')).join('');
  return JSON.stringify(content);
}
