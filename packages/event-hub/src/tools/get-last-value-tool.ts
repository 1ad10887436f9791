import { defineTool, type EventHub, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { connectCaller } from './hub-tool-caller.js';

export const getLastValueInput = z.strictObject({
  key: z.string().min(1).describe('The retained value’s key (the topic, unless last_value_key was given).'),
  crew_scope: z
    .string()
    .min(1)
    .optional()
    .describe("The caller's own crew id, for a value published to it; absent: global."),
});

/** `get_last_value`: a retained value; answers `value` and `set_at`, or `found: false`. */
export function createGetLastValueTool(hub: () => EventHub): Tool<z.output<typeof getLastValueInput>> {
  return defineTool({
    name: 'get_last_value',
    description:
      'Read the last value retained on the event hub under a key (global, or of your crew with crew_scope). Answers value and set_at, or found: false.',
    input: getLastValueInput,
    access: 'Read',
    async execute(input, context) {
      const retained = await connectCaller(hub(), context).getLastValue(input.key, input.crew_scope);
      return retained === undefined ? { found: false } : { value: retained.value, set_at: retained.setAt };
    },
  });
}
