import type { ThreadMessage } from '@orkeon/core';

/** A thread message as the chat shows it: who, the text, and the tools it called or answered for. */
export interface ThreadMessageView {
  readonly seq: number;
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly text: string;
  readonly tools: readonly string[];
  readonly at: string;
  readonly inContext: boolean;
}

export function threadMessageView(stored: ThreadMessage): ThreadMessageView {
  const { message } = stored;
  const parts = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const text: string[] = [];
  const tools: string[] = [];
  for (const part of parts as readonly { type: string; text?: string; toolName?: string }[]) {
    if (part.type === 'text' && typeof part.text === 'string') text.push(part.text);
    else if ((part.type === 'tool-call' || part.type === 'tool-result') && typeof part.toolName === 'string')
      tools.push(part.toolName);
  }
  return {
    seq: stored.seq,
    role: message.role,
    text: text.join('\n'),
    tools,
    at: stored.at,
    inContext: stored.inContext,
  };
}
