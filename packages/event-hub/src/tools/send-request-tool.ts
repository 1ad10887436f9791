import { defineTool, type EventHub, EventHubError, mailboxAddressForms, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { EventHubSettings } from '../event-hub-settings.js';
import { connectCaller } from './hub-tool-caller.js';
import { jsonPayload, stringMap } from './hub-tool-json.js';

export const sendRequestInput = z.strictObject({
  target_mailbox: z.string().min(1).describe(`The mailbox: ${mailboxAddressForms}.`),
  payload: jsonPayload,
  timeout_ms: z.int().min(1).describe('Required: how long to wait for the reply, in milliseconds.'),
  metadata: stringMap.optional(),
});

/** `send_request`: request and reply; answers `correlation_id` and `response_payload`, or fails on time-out. */
export function createSendRequestTool(
  hub: () => EventHub,
  settings: EventHubSettings,
): Tool<z.output<typeof sendRequestInput>> {
  return defineTool({
    name: 'send_request',
    description:
      'Send a request to a mailbox on the event hub and wait up to timeout_ms for its reply. Answers correlation_id and response_payload; fails when no reply comes in time.',
    input: sendRequestInput,
    access: 'Execute',
    identifierArguments: ['target_mailbox'],
    // The call may last as long as the longest wait allowed, plus a moment to answer.
    timeoutMilliseconds: settings.MaxToolWaitMilliseconds + 1_000,
    async execute(input, context) {
      const timeoutMs = input.timeout_ms;
      if (timeoutMs > settings.MaxToolWaitMilliseconds)
        throw new EventHubError(
          'EVENT_HUB_TIMEOUT_INVALID',
          `timeout_ms ${timeoutMs} is above the limit of ${settings.MaxToolWaitMilliseconds} (Svc:EventHub:MaxToolWaitMilliseconds): wait less, or raise the setting.`,
        );
      const { correlationId, reply } = await connectCaller(hub(), context).send(input.target_mailbox, input.payload, {
        timeoutMs,
        signal: context.signal,
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
      });
      return { correlation_id: correlationId, response_payload: reply.payload };
    },
  });
}
