import { defineTool, type EventHub, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { connectCaller } from './hub-tool-caller.js';
import { jsonPayload } from './hub-tool-json.js';

export const replyToInput = z.strictObject({
  correlation_id: z.string().min(1).describe('The correlation_id of the request received.'),
  payload: jsonPayload,
});

/** `reply_to`: answers a pending request; answers `replied_at`. */
export function createReplyToTool(hub: () => EventHub): Tool<z.output<typeof replyToInput>> {
  return defineTool({
    name: 'reply_to',
    description: 'Reply to a request received on the event hub, by its correlation_id. Answers replied_at.',
    input: replyToInput,
    access: 'Execute',
    async execute(input, context) {
      const message = await connectCaller(hub(), context).reply(input.correlation_id, input.payload);
      return { replied_at: message.publishedAt };
    },
  });
}
