import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError, type OrkeonErrorOptions } from '../errors/orkeon-error.js';

/** The codes an event hub throws (described in `coreErrorCodes`), for programs that branch on them. */
export const eventHubErrorCodes = [
  'EVENT_HUB_TOPIC_RESERVED',
  'EVENT_HUB_ADDRESS_INVALID',
  'EVENT_HUB_SEND_TIMED_OUT',
  'EVENT_HUB_CORRELATION_UNKNOWN',
  'EVENT_HUB_ACL_DENIED',
  'EVENT_HUB_MESSAGE_DUPLICATE',
  'EVENT_HUB_SCHEMA_UNREGISTERED',
  'EVENT_HUB_PAYLOAD_INVALID',
  'EVENT_HUB_TIMEOUT_INVALID',
  'EVENT_HUB_MAILBOX_FULL',
  'EVENT_HUB_SUBSCRIPTION_OVERFLOWED',
] as const satisfies readonly CoreErrorCode[];

export type EventHubErrorCode = (typeof eventHubErrorCodes)[number];

/** An event hub refusal or failure; `code` says which (reserved topic, ACL, time-out, …). */
export class EventHubError extends OrkeonError<EventHubErrorCode> {
  constructor(code: EventHubErrorCode, message: string, options?: OrkeonErrorOptions) {
    super(code, message, options);
  }
}
