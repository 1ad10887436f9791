import type { ModelMessage } from 'ai';

/** The most characters of one message shown to the model that writes the summary. */
const messageCharacters = 2_000;

/** The prompt that folds turns leaving a thread's context into its running summary. */
export function summaryPrompt(earlier: string | undefined, leaving: readonly ModelMessage[]): string {
  const lines = leaving.map((message) => `${message.role}: ${textOf(message).slice(0, messageCharacters)}`);
  return [
    'Write a short summary of this conversation for the assistant to continue it: keep facts, names, numbers,',
    "decisions, the user's preferences and open questions; leave out greetings. Answer with the summary only.",
    '',
    ...(earlier === undefined ? [] : ['Summary so far:', earlier, '']),
    'Conversation:',
    ...lines,
  ].join('\n');
}

function textOf(message: ModelMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call') return `[called ${part.toolName} ${JSON.stringify(part.input)}]`;
      if (part.type === 'tool-result') return `[${part.toolName} returned ${JSON.stringify(part.output)}]`;
      return `[${part.type}]`;
    })
    .join(' ');
}
