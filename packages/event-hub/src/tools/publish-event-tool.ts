import { defineTool, type EventHub, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { connectCaller } from './hub-tool-caller.js';
import { jsonPayload, stringMap } from './hub-tool-json.js';

export const publishEventInput = z.strictObject({
  topic: z.string().min(1).describe("The topic; topics starting '_system.' are reserved."),
  payload: jsonPayload,
  target_crew_id: z.string().min(1).optional().describe('Only this crew receives it; absent: every crew.'),
  metadata: stringMap.optional().describe('Text values subscribers can match on.'),
  retain_as_last_value: z.boolean().optional().describe('Keep the payload as the last value of last_value_key.'),
  last_value_key: z.string().min(1).optional().describe('The key of the retained value; default the topic.'),
});

/** `publish_event`: 1→N to the topic's subscribers; answers `event_id` and `published_at`. */
export function createPublishEventTool(hub: () => EventHub): Tool<z.output<typeof publishEventInput>> {
  return defineTool({
    name: 'publish_event',
    description:
      'Publish an event on the event hub to every subscriber of the topic (or only those of target_crew_id). Answers event_id and published_at.',
    input: publishEventInput,
    access: 'Execute',
    async execute(input, context) {
      const message = await connectCaller(hub(), context).publish(input.topic, input.payload, {
        ...(input.target_crew_id === undefined ? {} : { targetCrewId: input.target_crew_id }),
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
        ...(input.retain_as_last_value === undefined ? {} : { retainAsLastValue: input.retain_as_last_value }),
        ...(input.last_value_key === undefined ? {} : { lastValueKey: input.last_value_key }),
      });
      return { event_id: message.id, published_at: message.publishedAt };
    },
  });
}
