import { defineTool, type EventHub, type Tool } from '@orkeon/core';
import { z } from 'zod';
import type { EventHubSettings } from '../event-hub-settings.js';
import { connectCaller } from './hub-tool-caller.js';
import { messageJson, stringMap } from './hub-tool-json.js';
import { waitFields, waitTimeoutOf } from './hub-tool-timeout.js';

export const waitForEventInput = z.strictObject({
  topic: z.string().min(1).describe('The topic to wait on.'),
  ...waitFields,
  metadata_match: stringMap.optional().describe('Only a message whose metadata has these values.'),
});

/** `wait_for_event`: the next event on a topic for the caller's crew; answers `message` or `timed_out: true`. */
export function createWaitForEventTool(
  hub: () => EventHub,
  settings: EventHubSettings,
): Tool<z.output<typeof waitForEventInput>> {
  return defineTool({
    name: 'wait_for_event',
    description:
      'Wait for the next event on a topic of the event hub (optionally with metadata values), up to timeout_ms or, with wait_forever, until one comes. Answers message, or timed_out: true.',
    input: waitForEventInput,
    access: 'Read',
    timeoutMilliseconds: settings.MaxToolWaitMilliseconds + 1_000,
    async execute(input, context) {
      const timeout = waitTimeoutOf(input, settings.MaxToolWaitMilliseconds);
      const target =
        input.metadata_match === undefined
          ? { topic: input.topic }
          : { topic: input.topic, metadataMatch: input.metadata_match };
      const message = await connectCaller(hub(), context).waitFor(target, timeout, { signal: context.signal });
      return message === undefined ? { timed_out: true } : { message: messageJson(message) };
    },
  });
}
