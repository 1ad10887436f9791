import type { HubMessage } from '@orkeon/core';
import { z } from 'zod';

/** Any JSON value, as tool inputs carry payloads. */
export const jsonPayload = z.json().describe('The payload: any JSON value.');

export const stringMap = z.record(z.string(), z.string());

/** A message as the tools answer it, in the tools' snake_case. */
export function messageJson(message: HubMessage): Record<string, unknown> {
  return {
    id: message.id,
    topic: message.topic,
    source_crew_id: message.sourceCrewId,
    ...(message.sourceAgentId === undefined ? {} : { source_agent_id: message.sourceAgentId }),
    ...(message.targetCrewId === undefined ? {} : { target_crew_id: message.targetCrewId }),
    ...(message.targetMailbox === undefined ? {} : { target_mailbox: message.targetMailbox }),
    ...(message.correlationId === undefined ? {} : { correlation_id: message.correlationId }),
    published_at: message.publishedAt,
    metadata: message.metadata,
    payload: message.payload,
    schema_id: message.schemaId,
  };
}
