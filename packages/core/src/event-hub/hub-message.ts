import type { JsonValue } from '../documents/document-store.js';

/** The schema id of a message that declares no contract. */
export const defaultHubSchemaId = 'application/json';

/** The crew id the hub itself publishes from (e.g. `_system.wait_timed_out`). */
export const systemCrewId = 'system';

/** Topics with this prefix belong to the hub: publishers are refused. */
export const reservedTopicPrefix = '_system.';

/** The topic the hub publishes when a finite wait on a topic runs out. */
export const waitTimedOutTopic = '_system.wait_timed_out';

/**
 * One message on the event hub. `sourceCrewId` (and `sourceAgentId`) are stamped by the hub
 * from the connected client, never taken from the sender, so a crew cannot speak for another.
 */
export interface HubMessage {
  readonly id: string;
  readonly topic: string;
  readonly sourceCrewId: string;
  readonly sourceAgentId?: string;
  /** Absent: a global message that every crew's subscribers receive. */
  readonly targetCrewId?: string;
  /** Present on point-to-point messages (post, send, reply): a mailbox address. */
  readonly targetMailbox?: string;
  /** Pairs a request (send) with its reply. */
  readonly correlationId?: string;
  /** ISO 8601 time, UTC. */
  readonly publishedAt: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly payload: JsonValue;
  /** The payload's contract; `application/json` when none is declared. */
  readonly schemaId: string;
}
