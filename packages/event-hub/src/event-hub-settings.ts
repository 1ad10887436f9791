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
    ValidatePayloads: z
      .boolean()
      .default(false)
      .describe(
        "Whether the validation stage also checks each message's payload against the JSON Schema registered for its schemaId; off, only the id must be registered. Read by addSvcEventHubValidation in a host that passes its configuration (an option given in code wins); orkeon run adds no validation stage, so it has no effect there.",
      ),
    MaxMailboxMessages: z
      .int()
      .min(1)
      .default(10_000)
      .describe(
        'The most unread messages an in-memory mailbox holds: a post or request to a full one is refused with EVENT_HUB_MAILBOX_FULL (the PostgreSQL hub keeps them in its table).',
      ),
    MaxSubscriberBacklog: z
      .int()
      .min(1)
      .default(10_000)
      .describe(
        'The most messages a topic subscriber may leave unread: past it, its subscription ends with EVENT_HUB_SUBSCRIPTION_OVERFLOWED after the messages it has.',
      ),
  }),
  {
    description:
      'The event hub (@orkeon/event-hub): crews talking to crews through topics, mailboxes and requests, and its seven tools.',
  },
);

export type EventHubSettings = SectionSettings<typeof eventHubSettings>;
