import { EventHubError, type EventHubStage, type HubMessage } from '@orkeon/core';
import type { EventSchemaRegistry } from './event-schema-registry.js';
import type { PayloadIssue } from './json-schema-compiler.js';

/** What the validation stage checks besides the schema id. */
export interface ValidationStageOptions {
  /** Also check each payload against the JSON Schema of its `schemaId` (never `application/json`). Default false. */
  readonly validatePayloads?: boolean;
}

// Enough to fix the first problems without flooding a tool result.
const issuesShown = 3;

/** The validation stage: a message's declared `schemaId` must be registered, and when turned on its payload must conform. */
export function createValidationStage(
  registry: EventSchemaRegistry,
  options: ValidationStageOptions = {},
): EventHubStage {
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
      if (options.validatePayloads === true) {
        const issues = registry.issues(message.schemaId, message.payload);
        if (issues.length > 0) throw payloadInvalid(message, issues);
      }
      await next(message);
    },
    onReceive: (message, next) => next(message),
  };
}

function payloadInvalid(message: HubMessage, issues: readonly PayloadIssue[]): EventHubError {
  const shown = issues.slice(0, issuesShown).map((issue) => `${issue.path || '(payload)'} ${issue.message}`);
  const more = issues.length > issuesShown ? ` (and ${issues.length - issuesShown} more)` : '';
  return new EventHubError(
    'EVENT_HUB_PAYLOAD_INVALID',
    `The payload of the message on topic '${message.topic}' does not match the schema '${message.schemaId}': ${shown.join('; ')}${more}. Send a payload that matches the schema, or declare another schemaId.`,
    { details: { schemaId: message.schemaId, topic: message.topic, errors: issues.map((issue) => ({ ...issue })) } },
  );
}
