import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** `Svc:EventHub`: the event hub and its tools (reference brief §10). */
export const eventHubSettings = defineSettingsSection(
  'Svc:EventHub',
  z.object({
    MaxToolWaitMilliseconds: z
      .int()
      .min(1)
      .max(24 * 60 * 60 * 1000)
      .default(300_000)
      .describe(
        'The longest an event-hub tool call may wait: a larger timeout_ms is refused, and wait_forever (or a send_request) ends with the tool call at this limit.',
      ),
  }),
  {
    description:
      'The event hub (@orkeon/event-hub): crews talking to crews through topics, mailboxes and requests, and its seven tools.',
  },
);

export type EventHubSettings = SectionSettings<typeof eventHubSettings>;
