import { defineTool, type EventHub, mailboxAddressForms, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { connectCaller } from './hub-tool-caller.js';
import { jsonPayload, stringMap } from './hub-tool-json.js';

export const postMessageInput = z.strictObject({
  target_mailbox: z.string().min(1).describe(`The mailbox: ${mailboxAddressForms}.`),
  payload: jsonPayload,
  metadata: stringMap.optional(),
});

/** `post_message`: 1→1, fire and forget; answers `message_id` and `posted_at`. */
export function createPostMessageTool(hub: () => EventHub): Tool<z.output<typeof postMessageInput>> {
  return defineTool({
    name: 'post_message',
    description:
      'Post a message to one mailbox on the event hub, without waiting for an answer. Answers message_id and posted_at.',
    input: postMessageInput,
    access: 'Execute',
    identifierArguments: ['target_mailbox'],
    async execute(input, context) {
      const message = await connectCaller(hub(), context).post(input.target_mailbox, input.payload, {
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
      });
      return { message_id: message.id, posted_at: message.publishedAt };
    },
  });
}
