import { defineTool, type EventHub, mailboxAddressForms, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { EventHubSettings } from '../event-hub-settings.js';
import { connectCaller } from './hub-tool-caller.js';
import { messageJson } from './hub-tool-json.js';
import { waitFields, waitTimeoutOf } from './hub-tool-timeout.js';

export const receiveMessageInput = z.strictObject({
  ...waitFields,
  mailbox: z
    .string()
    .min(1)
    .optional()
    .describe(`The mailbox to read (${mailboxAddressForms}); default the calling agent's own.`),
});

/** `receive_message`: the oldest message of a mailbox; answers `message`, or no message on time-out. */
export function createReceiveMessageTool(
  hub: () => EventHub,
  settings: EventHubSettings,
): Tool<z.output<typeof receiveMessageInput>> {
  return defineTool({
    name: 'receive_message',
    description:
      "Take the oldest message of a mailbox on the event hub (default the caller's own), waiting up to timeout_ms or, with wait_forever, until one comes. Answers message, or timed_out: true.",
    input: receiveMessageInput,
    access: 'Read',
    identifierArguments: ['mailbox'],
    timeoutMilliseconds: settings.MaxToolWaitMilliseconds + 1_000,
    async execute(input, context) {
      const timeout = waitTimeoutOf(input, settings.MaxToolWaitMilliseconds);
      const message = await connectCaller(hub(), context).receive(input.mailbox, timeout, { signal: context.signal });
      return message === undefined ? { timed_out: true } : { message: messageJson(message) };
    },
  });
}
