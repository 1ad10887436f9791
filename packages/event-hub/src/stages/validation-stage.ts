import { EventHubError, type EventHubStage } from '@orkeon/core';
import type { EventSchemaRegistry } from './event-schema-registry.js';

/** The validation stage: a message's declared `schemaId` must be registered; the payload itself is not checked. */
export function createValidationStage(registry: EventSchemaRegistry): EventHubStage {
  return {
    name: 'validation',
    async onPublish(message, next) {
      if (!registry.has(message.schemaId)) {
        const known = registry.ids.length === 0 ? 'none is registered' : `registered: ${registry.ids.join(', ')}`;
        throw new EventHubError(
          'EVENT_HUB_SCHEMA_UNREGISTERED',
          `The message on topic '${message.topic}' declares the schema '${message.schemaId}', which is not registered (${known}): register it in the EventSchemaRegistry, or leave schemaId out.`,
          { details: { schemaId: message.schemaId, topic: message.topic } },
        );
      }
      await next(message);
    },
    onReceive: (message, next) => next(message),
  };
}
